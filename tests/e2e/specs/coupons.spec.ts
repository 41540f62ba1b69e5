/* Promo codes on /buy (issue 11), with JavaScript off and on, against the sandbox payment provider
   and the demo channel's codes (README, "Payments"): a valid code shows the discount and the new
   total and the paid order is charged the discounted amount; 'Wrong promo code' on the field;
   Remove; a pass's code through the bundle purchase. */
import { ORDER_MSG } from '../../../contract/orders.ts';
import { usd } from '../../support/money.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { CARDS, ordersOf, paidEvent, payOnSandbox, seasonPass, subscriptions } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

test('WELCOME10: the summary shows the discount and the new total; the paid order is charged the discounted amount', async ({ page, context, checkA11y }) => {
  const { apiKey } = await signIn(context, await createVerifiedUser());
  const { event, ticket } = await paidEvent();
  const discount = Math.round(ticket.base_price / 10);
  const total = ticket.price - discount;
  const buyUrl = `${WEB_URL}/buy?event=${event.id}&package=${ticket.id}`;

  await page.goto(buyUrl);
  const summary = page.getByRole('table');
  await expect(summary.getByRole('row', { name: `Total (USD) ${usd(ticket.price)}` })).toBeVisible();
  await page.getByLabel('Promo code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Promo code WELCOME10 applied: 10% off your first purchase.' })).toBeVisible();
  await expect(summary.getByRole('row', { name: `Promo code WELCOME10 (10% off your first purchase) −${usd(discount)}` })).toBeVisible();
  await expect(summary.getByRole('row', { name: `Service fee ${usd(ticket.service_fee)}` })).toBeVisible();
  await expect(summary.getByRole('row', { name: `Total (USD) ${usd(total)}` })).toBeVisible();
  await expect(page).toHaveURL(buyUrl);
  await checkA11y();

  await page.getByRole('button', { name: `Pay ${usd(total)}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  await expect(page.getByText(`${event.name} (promo code WELCOME10)`)).toBeVisible();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const [order] = await ordersOf(apiKey);
  expect(order).toMatchObject({ status: 'paid', amount: total, service_fee: ticket.service_fee });
});

test("'Wrong promo code' on the field; the applied code can be removed; the form keeps its idempotency key", async ({ page, context, checkA11y }) => {
  await signIn(context, await createVerifiedUser());
  const { event, ticket } = await paidEvent();
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  const key = await page.locator('input[name="idempotency_key"]').inputValue();
  const field = page.getByLabel('Promo code');
  const full = `Total (USD) ${usd(ticket.price)}`;

  // Unknown; expired (GAMEDAY); for passes only (SEASON5).
  for (const code of ['NOT-A-CODE', 'GAMEDAY', 'SEASON5']) {
    await field.fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(ORDER_MSG.wrongPromoCode);
    await expect(page.getByRole('row', { name: full })).toBeVisible();
    await expect(page.getByRole('button', { name: `Pay ${usd(ticket.price)}` })).toBeVisible();
  }
  await expect(field).toBeFocused();
  await checkA11y();

  await field.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('row', { name: /^Promo code WELCOME10 / })).toBeVisible();
  await expect(page.getByLabel('Promo code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('row', { name: full })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Promo code / })).toHaveCount(0);
  await expect(page.getByLabel('Promo code')).toHaveValue('');
  await expect(page.getByLabel('Promo code')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await page.locator('input[name="idempotency_key"]').inputValue()).toBe(key);
});

test('SEASON5 on a season pass: $5 off the pass, not the service fee, paid through the bundle purchase', async ({ page, context }) => {
  const { apiKey } = await signIn(context, await createVerifiedUser());
  const pass = await seasonPass();
  const category = pass.event_categories[0];
  const total = pass.base_price - 500 + pass.service_fee;
  await page.goto(`/buy?package=${pass.id}&category=${category}`);
  await page.getByLabel('Promo code').fill('SEASON5');
  // Enter in the field applies the code (Apply is the form's first button), it does not pay.
  await page.getByLabel('Promo code').press('Enter');
  await expect(page.getByRole('row', { name: 'Promo code SEASON5 ($5.00 off passes) −$5.00' })).toBeVisible();
  await expect(page.getByRole('row', { name: `Total (USD) ${usd(total)}` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${usd(total)}` }).click();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const [order] = await ordersOf(apiKey);
  expect(order).toMatchObject({ type: 'package', status: 'paid', amount: total, product: { id: pass.id, event_category_id: category } });
});

test('the invoice preview with a code: a subscription due today, and every renewal, at the discounted price', async ({ page, context }) => {
  await signIn(context, await createVerifiedUser());
  const sub = (await subscriptions()).find((s) => s.base_price > 0);
  if (!sub) throw new Error('the demo channel sells no subscription');
  const discount = Math.round(sub.base_price / 10);
  const every = sub.period === 'annual' ? 'every year' : 'every 30 days';

  await page.goto(`/buy?subscription=${sub.id}`);
  await expect(page.getByText(/^Due today:/)).toContainText(`Due today: ${usd(sub.base_price + sub.service_fee)}. Then ${usd(sub.base_price)} on`);
  await page.getByLabel('Promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByRole('row', { name: `Total (USD) ${usd(sub.base_price + sub.service_fee - discount)}` })).toBeVisible();
  const preview = page.getByText(/^Due today:/);
  await expect(preview).toContainText(`Due today: ${usd(sub.base_price - discount + sub.service_fee)}.`);
  await expect(preview).toContainText(`Then ${usd(sub.base_price - discount)} on`);
  await expect(preview).toContainText(`${every} after that, until you cancel.`);
});
