/* The channel's information pages, reached from the menus as a visitor would: FAQ, About,
   Contacts and the legal paths from the footer's, Packages from the header's. */
import { channelName } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

test('the FAQ lists questions that open to show their answers', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
  await expect(page).toHaveTitle(`FAQ | ${await channelName()}`);

  const questions = page.getByRole('main').locator('details');
  expect(await questions.count(), 'the demo channel publishes FAQ entries').toBeGreaterThan(1);
  const first = questions.first();
  const summary = first.locator('summary');
  await expect(summary).not.toHaveText('');
  // Closed at first: only the question shows.
  await expect(first).not.toHaveAttribute('open');
  const answer = first.locator(':scope > :not(summary)');
  await expect(answer.first()).toBeHidden();

  await summary.click();
  await expect(first).toHaveAttribute('open', '');
  await expect(answer.first()).toBeVisible();
  expect(((await answer.first().textContent()) ?? '').trim().length, 'the answer has text').toBeGreaterThan(10);
  // The others stay closed.
  await expect(questions.nth(1).locator(':scope > :not(summary)').first()).toBeHidden();
});

test('About tells who the channel is', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About');
  await expect(page).toHaveTitle(`About | ${await channelName()}`);
  const text = (await page.getByRole('main').textContent()) ?? '';
  expect(text.replace('About', '').trim().length, 'the page has content under its heading').toBeGreaterThan(40);
});

test('Contacts gives an email link', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacts');
  await expect(page).toHaveTitle(`Contacts | ${await channelName()}`);
  const email = page.getByRole('main').getByRole('link', { name: /^[^@\s]+@[^@\s]+\.[a-z]+$/i });
  await expect(email.first()).toBeVisible();
  const address = ((await email.first().textContent()) ?? '').trim();
  await expect(email.first()).toHaveAttribute('href', `mailto:${address}`);
});

for (const { link, path, heading } of [
  { link: 'Privacy policy', path: '/privacy_policy', heading: 'Privacy policy' },
  { link: 'Terms & conditions', path: '/terms_conditions', heading: 'Terms & conditions' },
]) {
  test(`${path} opens from the footer`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | ${await channelName()}`);
  });
}

test('Packages shows subscriptions and passes with their prices', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Packages', exact: true }).click();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packages');
  await expect(page).toHaveTitle(`Packages | ${await channelName()}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Subscriptions' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Passes' })).toBeVisible();
  // The demo channel sells in USD: price titles read '$12.99/month' and the like.
  const prices = main.getByText(/^\$\d+\.\d{2}\b/);
  expect(await prices.count(), 'every product shows a price title').toBeGreaterThan(1);
  await expect(prices.first()).toBeVisible();
  expect(await main.getByRole('heading', { level: 3 }).count(), 'one heading per product').toBeGreaterThanOrEqual(await prices.count());
});
