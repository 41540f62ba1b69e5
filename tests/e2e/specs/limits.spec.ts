/* Limits that hold at payment (issue 21, ADR 027), with JavaScript off and on: a checkout holds
   its promo code's use and the fan's free trial until it is paid or ends, so a fan who opens one
   checkout after another pays for only what the limit allows; the older checkout page says it can
   no longer be paid. */
import { ORDER_MSG } from '../../../contract/orders.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { listEvents } from '../support/channel.ts';
import { CARDS, packages, payOnSandbox, subscriptions } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

/** Three finished paid games and the single-event ticket of each. */
async function paidGames() {
  const [{ items }, all] = await Promise.all([listEvents({ stream_status: 'finished', limit: 100 }), packages()]);
  return items
    .filter((e) => e.type === 'paid')
    .slice(0, 3)
    .map((event) => ({
      event,
      ticket: all.find((p) => p.type === 'event' && p.event_categories.some((c) => event.event_categories.some((ec) => ec.id === c)))!,
    }));
}

test('ONCE20 (one use per fan): of two checkouts opened with it, only the last can be paid; then the code is refused', async ({ page, context, checkA11y }) => {
  await signIn(context, await createVerifiedUser());
  const [first, second, third] = await paidGames();
  const checkoutWith = async (game: typeof first) => {
    await page.goto(`${WEB_URL}/buy?event=${game.event.id}&package=${game.ticket.id}`);
    await page.getByLabel('Promo code').fill('ONCE20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Promo code ONCE20 applied' })).toBeVisible();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
    return page.url();
  };

  const older = await checkoutWith(first);
  await checkoutWith(second);
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

  // The first checkout gave its hold on the code to the second: its page takes no card.
  await page.goto(older);
  await expect(page.getByText('This checkout can no longer be paid.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  await page.goto(`${WEB_URL}/buy?event=${third.event.id}&package=${third.ticket.id}`);
  await page.getByLabel('Promo code').fill('ONCE20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(ORDER_MSG.wrongPromoCode)).toBeVisible();
  await checkA11y();
});

test('one free trial per fan: starting the other subscription’s trial ends the first checkout; then no trial is offered', async ({ page, context }) => {
  await signIn(context, await createVerifiedUser());
  const [monthly, annual] = await subscriptions();
  const startTrial = async (id: number) => {
    await page.goto(`${WEB_URL}/buy?subscription=${id}&trial=1`);
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
    return page.url();
  };

  const older = await startTrial(monthly.id);
  await startTrial(annual.id);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/orders\/\d+/);

  await page.goto(older);
  await expect(page.getByText('This checkout can no longer be paid.')).toBeVisible();

  await page.goto(`${WEB_URL}/buy?subscription=${monthly.id}&trial=1`);
  await expect(
    page.getByRole('status').filter({ hasText: 'A free trial is not available to you: this subscription starts with its first payment.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start free trial' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
});
