/* The channel's custom forms and their gate (issue 36; ADR 053; README "Custom forms and the
   gates"), with JavaScript off and on. Gate on: a second site whose description makes a form
   required (support/second-site.ts); a signed-in fan without the answer is sent to the form from
   any page but the allowed ones, answers, and is back where they were. Gate off: the shared site
   keeps the demo's one form, not required: nothing happens, and the fan answers it from the
   profile. */
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';
import { WEB_URL } from '../support/urls.ts';

const FORM = {
  alias: 'season-survey',
  title: 'Before the season starts',
  required: true,
  fields: [
    { name: 'school', label: 'Your school', type: 'select', required: true, options: ['Lakeview Lions', 'Bayside Mariners'] },
    { name: 'screen_name', label: 'Your name on the big screen', type: 'text', required: true },
    { name: 'first_game', label: 'Your first game', type: 'date', required: false },
    { name: 'rules', label: 'I have read the house rules', type: 'checkbox', required: true },
  ],
};

let site: SecondSite;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSecondSite({ describe: (d) => void (d.custom_forms = [FORM]) });
  // The shared fixture's axe check, on the pages of this site too.
  scanPagesOf(site.url);
});

test.afterAll(async () => {
  await site?.close();
});

test('gate on: a fan without the answer is sent to the form, told what is missing, and back where they were once answered', async ({
  page,
  context,
  checkA11y,
}) => {
  const fan = await createVerifiedUser({}, site);
  await signIn(context, fan, site);

  await page.goto(`${site.url}/upcoming?view=list`);
  await expect(page).toHaveURL(`${site.url}/forms/season-survey?redirectTo=%2Fupcoming%3Fview%3Dlist`);
  await expect(page.getByRole('heading', { level: 1, name: FORM.title })).toBeVisible();
  await expect(page.getByText('Please answer these questions to continue.')).toBeVisible();

  // Sent empty: the spec's words on every required field, the first one focused.
  await page.getByRole('button', { name: 'Save my answers' }).click();
  await expect(page.getByLabel('Your school (required)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Field is required')).toHaveCount(3);
  await expect(page.getByLabel('Your school (required)')).toBeFocused();
  await checkA11y();

  // A name of spaces is no name (the channel's own check, on the page).
  await page.getByLabel('Your school (required)').selectOption('Bayside Mariners');
  await page.getByLabel('Your name on the big screen (required)').fill('   ');
  await page.getByLabel('I have read the house rules (required)').check();
  await page.getByRole('button', { name: 'Save my answers' }).click();
  await expect(page.getByText('Field is required')).toHaveCount(1);
  await expect(page.getByLabel('Your name on the big screen (required)')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Your school (required)').selectOption('Bayside Mariners');
  await page.getByLabel('Your name on the big screen (required)').fill('Captain Wave');
  await page.getByLabel('Your first game').fill('2019-09-14');
  await page.getByLabel('I have read the house rules (required)').check();
  await page.getByRole('button', { name: 'Save my answers' }).click();
  await expect(page).toHaveURL(`${site.url}/upcoming?view=list`);
  await expect(page.getByText('Thank you: your answers are saved.')).toBeVisible();
  await checkA11y();

  // Answered: no page sends them anywhere now, and the profile shows the answers.
  await page.goto(`${site.url}/faq`);
  await expect(page).toHaveURL(`${site.url}/faq`);
  await page.goto(`${site.url}/profile`);
  const answers = page.getByRole('region', { name: FORM.title });
  await expect(answers.getByRole('definition')).toHaveText(['Bayside Mariners', 'Captain Wave', '2019-09-14', 'Yes']);
  await answers.getByRole('link', { name: `Change your answers to “${FORM.title}”` }).click();
  await expect(page).toHaveURL(`${site.url}/forms/season-survey?redirectTo=%2Fprofile`);
  await expect(page.getByLabel('Your name on the big screen (required)')).toHaveValue('Captain Wave');
  await expect(page.getByLabel('I have read the house rules (required)')).toBeChecked();
});

test('gate on: the allowed paths stay open, home goes to the form without a way back, a visitor is never sent', async ({ page, context }) => {
  // A visitor first: the gate is for signed-in fans only.
  await page.goto(`${site.url}/upcoming`);
  await expect(page).toHaveURL(`${site.url}/upcoming`);

  const fan = await createVerifiedUser({}, site);
  await signIn(context, fan, site);
  for (const path of ['/profile', '/profile/edit', '/privacy_policy', '/terms_conditions', '/accessibility', '/packages', '/forms/season-survey']) {
    await page.goto(`${site.url}${path}`);
    await expect(page, path).toHaveURL(`${site.url}${path}`);
  }
  await page.goto(`${site.url}/`);
  await expect(page).toHaveURL(`${site.url}/forms/season-survey`);
  // An address of another site is never a way back: answered, the fan is home.
  await page.goto(`${site.url}/forms/season-survey?redirectTo=${encodeURIComponent('//evil.example/')}`);
  await page.getByLabel('Your school (required)').selectOption('Lakeview Lions');
  await page.getByLabel('Your name on the big screen (required)').fill('Roar');
  await page.getByLabel('I have read the house rules (required)').check();
  await page.getByRole('button', { name: 'Save my answers' }).click();
  await expect(page).toHaveURL(`${site.url}/`);
  await expect(page.getByText('Thank you: your answers are saved.')).toBeVisible();
});

test('gate off (the demo): a signed-in fan goes where they please, and answers the form from their profile', async ({ page, context }) => {
  const fan = await createVerifiedUser();
  await signIn(context, fan);
  for (const path of ['/', '/upcoming', '/faq']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`${WEB_URL}${path}`);
  }
  await page.goto('/profile');
  const answers = page.getByRole('region', { name: 'Tell us about you' });
  await expect(answers.getByText('Not answered yet.')).toBeVisible();
  await answers.getByRole('link', { name: 'Answer “Tell us about you”' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about you' })).toBeVisible();
  await page.getByLabel('Which school do you follow most? (required)').selectOption('Lakeview Lions');
  await page.getByLabel('You are').selectOption('A parent');
  await page.getByRole('button', { name: 'Save my answers' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/profile`);
  await expect(page.getByText('Thank you: your answers are saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tell us about you' }).getByRole('definition')).toHaveText(['Lakeview Lions', 'A parent', 'No']);
});
