/* Saved cards (issue 11, ADR 018), with JavaScript off and on, against the sandbox provider: a card
   added from the profile without paying, then paying with it on /buy — 4242 paid at once, 3155
   through the bank's page and back to the order page — "Pay with" left empty gets the spec's
   message, "A new card" goes to the checkout as before, and a removed card is offered no more. */
import type { Page } from '@playwright/test';
import { DECLINE_MSG } from '../../../contract/checkout.ts';
import { ORDER_MSG } from '../../../contract/orders.ts';
import { usd } from '../../support/money.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { canWatch, CARDS, ordersOf, paidEvent } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
const labelOf = (card: string) => `Visa ending ${card.slice(-4)}, expires 12/34`;

/** From the profile's Payment methods: Add a card, the sandbox's page, back with it listed. */
async function addCard(page: Page, card: string) {
  await page.goto('/profile/payment-methods');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/sandbox\/add-card\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a card' })).toBeVisible();
  await expect(page.getByText('Test mode.')).toBeVisible();
  await page.getByLabel('Card number').fill(spaced(card));
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/profile/payment-methods`);
  await expect(page.getByRole('listitem').filter({ hasText: labelOf(card) })).toBeVisible();
}

test('add a card from the profile, then pay with it (4242): paid at once, the order page, the game plays', async ({ page, context }) => {
  const { apiKey } = await signIn(context, await createVerifiedUser());
  await page.goto('/profile');
  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Payment methods' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment methods' })).toBeVisible();
  await expect(page.getByText('No card is saved.')).toBeVisible();
  await addCard(page, CARDS.success);
  await expect(page.getByText(`${labelOf(CARDS.success)} (default)`)).toBeVisible();

  const { event, ticket } = await paidEvent();
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  const payWith = page.getByRole('group', { name: 'Pay with' });
  await expect(payWith.getByRole('radio')).toHaveCount(2);
  await payWith.getByRole('radio', { name: labelOf(CARDS.success) }).check();
  await page.getByRole('button', { name: `Pay ${usd(ticket.price)}` }).click();

  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const [order] = await ordersOf(apiKey);
  expect(order).toMatchObject({ status: 'paid', activity_status: 'active', amount: ticket.price });
  expect(await canWatch(apiKey, event.id)).toBe(true);
});

test('a saved card that needs authentication (3155): the bank page, Complete, back to the paid order', async ({ page, context }) => {
  const { apiKey } = await signIn(context, await createVerifiedUser());
  await addCard(page, CARDS.authentication);
  const { event, ticket } = await paidEvent();
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  await page
    .getByRole('group', { name: 'Pay with' })
    .getByRole('radio', { name: labelOf(CARDS.authentication) })
    .check();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/sandbox\/payment\/pi_test_[A-Za-z0-9]+\/authenticate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Authenticate your payment' })).toBeVisible();
  await expect(page.getByText(usd(ticket.price))).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/orders\/\d+\?payment_intent=pi_test_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  expect(await canWatch(apiKey, event.id)).toBe(true);
});

test('3155 and Fail: the order fails with the bank’s reason; nothing is granted', async ({ page, context }) => {
  const { apiKey } = await signIn(context, await createVerifiedUser());
  await addCard(page, CARDS.authentication);
  const { event, ticket } = await paidEvent();
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  await page.getByRole('radio', { name: labelOf(CARDS.authentication) }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText(DECLINE_MSG.authentication_failed)).toBeVisible();
  expect(await canWatch(apiKey, event.id)).toBe(false);
});

test('no card chosen: the spec’s message on "Pay with", nothing bought; then A new card goes to the checkout', async ({ page, context }) => {
  const { apiKey } = await signIn(context, await createVerifiedUser());
  await addCard(page, CARDS.success);
  const { event, ticket } = await paidEvent();
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  await page.getByRole('button', { name: /^Pay / }).click();

  const payWith = page.getByRole('group', { name: 'Pay with' });
  await expect(payWith.getByText(ORDER_MSG.selectCard)).toBeVisible();
  await expect(page).toHaveURL(`${WEB_URL}/buy?event=${event.id}&package=${ticket.id}`);
  expect(await ordersOf(apiKey)).toEqual([]);

  await payWith.getByRole('radio', { name: 'A new card' }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible();
});

test('a removed card is offered no more: without saved cards /buy has no "Pay with"', async ({ page, context }) => {
  await signIn(context, await createVerifiedUser());
  await addCard(page, CARDS.success);
  await page.getByRole('button', { name: `Remove ${labelOf(CARDS.success)}` }).click();
  await expect(page.getByText('Card removed.')).toBeVisible();
  await expect(page.getByText('No card is saved.')).toBeVisible();
  const { event, ticket } = await paidEvent();
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pay with' })).toHaveCount(0);
});
