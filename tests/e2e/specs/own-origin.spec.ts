/* The sandbox sends the fan back to the address they used (issue 21, ADR 029), with JavaScript off
   and on. The e2e web server's PUBLIC_URL names 127.0.0.1 (WEB_URL); this fan opened the site as
   localhost, where their session cookie is. Paying at the sandbox checkout, answering the bank for
   a saved card, Manage billing and Add a card each bring them back to localhost, still signed in.
   (The fixture's axe scan covers WEB_URL's pages; these are the same pages, scanned by their specs.) */
import type { Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { CARDS, paidEvent, payOnSandbox, subscriptions } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountMenu } from '../support/header.ts';
import { WEB_URL } from '../support/urls.ts';

const LOCAL = WEB_URL.replace('//127.0.0.1:', '//localhost:');
const at = (pattern: string) => new RegExp(`^${LOCAL.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}${pattern}$`);

test.beforeAll(() => {
  expect(LOCAL).not.toBe(WEB_URL);
});

/** Still signed in: the header's account menu offers Log out. */
async function expectSignedIn(page: Page) {
  await expect(accountMenu(page)).toBeVisible();
}

test('a purchase started on localhost ends on its order page on localhost, signed in', async ({ page, context }) => {
  await signIn(context, await createVerifiedUser(), LOCAL);
  const { event, ticket } = await paidEvent();
  await page.goto(`${LOCAL}/buy?event=${event.id}&package=${ticket.id}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(at('/sandbox/checkout/cs_test_[A-Za-z0-9]+'));
  await payOnSandbox(page, CARDS.success);

  await expect(page).toHaveURL(at('/orders/\\d+\\?session_id=cs_test_[A-Za-z0-9]+'));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(event.name)).toBeVisible();
  await expectSignedIn(page);
});

test('Manage billing from a subscription’s order page returns to it, on localhost', async ({ page, context }) => {
  await signIn(context, await createVerifiedUser(), LOCAL);
  const plan = (await subscriptions()).find((s) => s.period === 'month')!;
  await page.goto(`${LOCAL}/buy?subscription=${plan.id}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const orderPage = page.url().replace(/\?.*$/, '');
  expect(orderPage).toMatch(at('/orders/\\d+'));

  await page.getByRole('link', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(at('/sandbox/portal/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}'));
  await expect(page.getByRole('heading', { level: 1, name: 'Manage billing' })).toBeVisible();
  await expect(page.getByText(plan.name)).toBeVisible();
  await page.getByRole('link', { name: /^Return to / }).click();
  await expect(page).toHaveURL(orderPage);
  await expect(page.getByRole('heading', { level: 2, name: 'Your subscription' })).toBeVisible();
  await expectSignedIn(page);

  // Asked to return anywhere else (another site, however written), the portal returns to the profile.
  for (const from of ['//evil.example', 'https://evil.example/profile', '/\\evil.example', '/orders/1/../../login']) {
    await page.goto(`${LOCAL}/billing?from=${encodeURIComponent(from)}`);
    await page.getByRole('link', { name: /^Return to / }).click();
    await expect(page, from).toHaveURL(`${LOCAL}/profile`);
  }
});

test('Add a card, then the bank’s page of a payment with it, each come back to localhost', async ({ page, context }) => {
  await signIn(context, await createVerifiedUser(), LOCAL);
  await page.goto(`${LOCAL}/profile/payment-methods`);
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(at('/sandbox/add-card/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}'));
  await page.getByLabel('Card number').fill(CARDS.authentication.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(`${LOCAL}/profile/payment-methods`);
  const card = `Visa ending ${CARDS.authentication.slice(-4)}, expires 12/34`;
  await expect(page.getByRole('listitem').filter({ hasText: card })).toBeVisible();

  const { event, ticket } = await paidEvent();
  await page.goto(`${LOCAL}/buy?event=${event.id}&package=${ticket.id}`);
  await page.getByRole('group', { name: 'Pay with' }).getByRole('radio', { name: card }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(at('/sandbox/payment/pi_test_[A-Za-z0-9]+/authenticate'));
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(at('/orders/\\d+\\?payment_intent=pi_test_[A-Za-z0-9]+'));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expectSignedIn(page);
});
