/* Alert e-mails (issue 24, 34): a fan turns a followed game's reminder on on the alerts page (every
   follow with its kind, one Save for all), the mail comes
   (the e2e channel API's ALERT_LEAD_MINUTES reaches the next upcoming game: playwright.config.ts),
   its one-click unsubscribe address (RFC 8058) turns it off from a post with no cookie and no
   token of ours, and the page the link opens (a GET) asks before it turns anything off. A plain
   form without JavaScript (the page comes back with a toast), a fetcher with it. */
import { request, type Page } from '@playwright/test';
import { createVerifiedUser, latestMail, signIn } from '../support/accounts.ts';
import { ALERT_LEAD_MINUTES } from '../support/alerts.ts';
import { eventTitle, listEvents, schoolsWithTeams } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const LEAD_WORDS = `${ALERT_LEAD_MINUTES / 60} hours`;

/** A followed thing's two alert checkboxes on the alerts page (its group: its name and kind), and the page's one Save. */
function alertsOf(page: Page, name: string, kind = 'Game') {
  const group = page.getByRole('group', { name: `${name} ${kind}`, exact: true });
  return {
    goLive: group.getByRole('checkbox', { name: 'E-mail me when a game starts' }),
    reminder: group.getByRole('checkbox', { name: `E-mail me ${LEAD_WORDS} before a game` }),
    save: page.getByRole('button', { name: 'Save alerts' }),
  };
}

test('a fan turns a reminder on on the alerts page (one Save for every follow), gets the mail, and its one-click unsubscribe and confirm page turn it off', async ({
  page,
  context,
  checkA11y,
}) => {
  const fan = await createVerifiedUser();
  await signIn(context, fan);
  // The next game to come that is not a looping demo broadcast (those have no start to announce).
  const { items } = await listEvents({ stream_status: 'upcoming', sort_field: 'event_utc_ts', sort_direction: 'asc', limit: 1 });
  const game = items[0];
  await page.goto(`/watch/${game.id}`);
  await page.getByRole('button', { name: `Follow ${eventTitle(game)}`, exact: true }).click();
  // Followed once the channel says so (with JavaScript the button turns before the post ends).
  await expect(page.getByText(`You now follow ${game.name}.`)).toBeAttached();

  // A school too: its alerts sit beside the game's, saved by the same one Save.
  const school = (await schoolsWithTeams())[0];
  await page.goto(`/schools/${school.alias}`);
  await page.getByRole('button', { name: `Follow ${school.name}`, exact: true }).click();
  await expect(page.getByText(`You now follow ${school.name}.`)).toBeAttached();

  await page.goto('/my-games');
  await page.getByRole('link', { name: 'Alert e-mails' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/alerts`);
  await checkA11y();
  const alerts = alertsOf(page, game.name);
  const schoolAlerts = alertsOf(page, school.name, 'School');
  await expect(alerts.goLive).not.toBeChecked();
  await expect(alerts.reminder).not.toBeChecked();
  await expect(schoolAlerts.goLive).not.toBeChecked();
  await alerts.reminder.check();
  const since = Date.now();
  await alerts.save.click();
  await expect(page.getByText(`Alerts saved: we will e-mail you ${LEAD_WORDS} before a game of ${game.name}.`)).toBeVisible();
  await expect(page).toHaveURL(`${WEB_URL}/alerts`);
  await page.reload();
  await expect(alertsOf(page, game.name).reminder).toBeChecked();
  await expect(alertsOf(page, game.name).goLive).not.toBeChecked();
  await expect(schoolAlerts.goLive).not.toBeChecked();
  await checkA11y();

  const mail = await latestMail({ to: fan.email, subject: `Starting soon`, after: since });
  expect(mail.subject).toContain(game.name);
  expect(mail.text).toContain(`${WEB_URL}/watch/${game.id}`);
  expect(mail.text).toContain(`chose to be e-mailed ${LEAD_WORDS} before it starts`);
  const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1];
  expect(unsubscribe.startsWith(`${WEB_URL}/alerts/unsubscribe/`)).toBe(true);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // One click, as a mail provider sends it: a form post from elsewhere, no cookie, no CSRF token.
  const provider = await request.newContext();
  for (let i = 0; i < 2; i++) {
    const posted = await provider.post(unsubscribe, {
      form: { 'List-Unsubscribe': 'One-Click' },
      headers: { Origin: 'https://mail.example' },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(200);
    expect(posted.headers()['set-cookie']).toBeUndefined();
    expect(await posted.text()).toContain(`Done: you will no longer get an e-mail ${LEAD_WORDS} before ${game.name} starts.`);
  }
  await page.reload();
  await expect(alertsOf(page, game.name).reminder).not.toBeChecked();

  // On again, then the link opened in a browser (no session): it asks first.
  await alertsOf(page, game.name).reminder.check();
  await alertsOf(page, game.name).save.click();
  await expect(page.getByText(`Alerts saved: we will e-mail you ${LEAD_WORDS} before a game of ${game.name}.`)).toBeVisible();
  await context.clearCookies();
  const opened = await page.goto(unsubscribe);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()['cache-control']).toBe('private, no-store');
  expect(opened!.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(opened!.headers()['set-cookie']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert e-mails' })).toBeVisible();
  await expect(page.getByText(`You get an e-mail ${LEAD_WORDS} before ${game.name} starts.`)).toBeVisible();
  await checkA11y();
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByText(`Done: you will no longer get an e-mail ${LEAD_WORDS} before ${game.name} starts.`)).toBeVisible();
  await expect(page).toHaveURL(unsubscribe);
  await checkA11y();
  await signIn(context, fan);
  await page.goto('/alerts');
  await expect(alertsOf(page, game.name).reminder).not.toBeChecked();
  // Both at once, one Save: the game's go-live and the school's reminder.
  await alertsOf(page, game.name).goLive.check();
  await schoolAlerts.reminder.check();
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await expect(page.getByText('Alerts saved: e-mails for 2 of what you follow.')).toBeVisible();
  await page.reload();
  await expect(alertsOf(page, game.name).goLive).toBeChecked();
  await expect(schoolAlerts.reminder).toBeChecked();
  await expect(schoolAlerts.goLive).not.toBeChecked();
  await provider.dispose();
});

test('an unsubscribe link that is not ours says so and changes nothing', async ({ page }) => {
  const forged = await page.goto('/alerts/unsubscribe/eyJ1IjoxLCJmIjpbMV0sImsiOiJyZW1pbmRlciJ9.bm90LW91ci1zaWduYXR1cmU');
  expect(forged!.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid. Open My games to change your alerts.');
  await expect(page.getByRole('button', { name: 'Stop these e-mails' })).toHaveCount(0);
  const malformed = await page.goto('/alerts/unsubscribe/not-a-token');
  expect(malformed!.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid. Open My games to change your alerts.');
});
