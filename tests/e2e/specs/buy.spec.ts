/* Selling access (issue 10), with JavaScript off and on, against the sandbox payment provider:
   buy a single event and watch it; Stripe's declined test cards; the bank's authentication page
   (Complete, Fail); a package with a category choice; a team pass; already bought; a visitor
   sent to log in and back to the offer; the order page that waits for the payment. */
import { DECLINE_MSG } from '../../../contract/checkout.ts';
import { ORDER_MSG } from '../../../contract/orders.ts';
import { usd } from '../../support/money.ts';
import { createVerifiedUser, latestMail, signIn } from '../support/accounts.ts';
import { eventTitle } from '../support/channel.ts';
import { canWatch, CARDS, ordersOf, paidEvent, payOnSandbox, seasonPass, teamPass } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

test.describe('a single event', () => {
  test('4242: pay on the test checkout, see the order paid, watch the game; profile and receipt', async ({ page, context }) => {
    const user = await createVerifiedUser();
    const { apiKey } = await signIn(context, user);
    const { event, ticket } = await paidEvent();

    await page.goto(`/watch/${event.id}`);
    await expect(page.getByText('You need a pass to watch this event.')).toBeVisible();
    const offers = page.getByRole('list', { name: 'Ways to watch' });
    await expect(offers.getByRole('link', { name: /Season pass/i }).first()).toBeVisible();
    await offers.getByRole('link', { name: /^Buy this game/ }).click();

    await expect(page).toHaveURL(`${WEB_URL}/buy?event=${event.id}&package=${ticket.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: event.name })).toBeVisible();
    const summary = page.getByRole('table');
    await expect(summary.getByRole('row', { name: `Service fee ${usd(ticket.service_fee)}` })).toBeVisible();
    await expect(summary.getByRole('row', { name: `Total (USD) ${usd(ticket.price)}` })).toBeVisible();
    await expect(page.getByText('All sales final, no refunds.')).toBeVisible();
    await page.getByRole('button', { name: `Pay ${usd(ticket.price)}` }).click();

    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
    await expect(page.getByText('Test mode.')).toBeVisible();
    const after = Date.now();
    await payOnSandbox(page, CARDS.success);

    await expect(page).toHaveURL(/\/orders\/\d+\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(page.getByText(event.name)).toBeVisible();
    await page.getByRole('link', { name: 'Watch now' }).click();
    await expect(page).toHaveURL(`${WEB_URL}/watch/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(event));
    await expect(page.locator('video')).toHaveCount(1);
    await expect(page.getByText('You need a pass to watch this event.')).toHaveCount(0);

    await page.goto('/profile');
    const row = page.getByRole('row', { name: new RegExp(eventTitle(event).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(row.getByRole('cell', { name: 'Paid', exact: true })).toBeVisible();
    await page.goto('/profile/transactions');
    await expect(page.getByRole('row', { name: new RegExp(`Purchase Paid ${usd(ticket.price).replace('$', '\\$')}`) })).toBeVisible();

    const receipt = await latestMail({ to: user.email, subject: 'receipt', after });
    expect(receipt.text).toContain(eventTitle(event));
    expect(receipt.text).toContain(`Total paid: ${usd(ticket.price)}`);
    expect(await canWatch(apiKey, event.id)).toBe(true);

    // Already bought: the offer's page says so in the spec's words, and sells nothing.
    await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
    await expect(page.getByRole('alert')).toContainText(ORDER_MSG.alreadyBought('event'));
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  });

  for (const [card, reason] of [
    [CARDS.declined, DECLINE_MSG.card_declined],
    [CARDS.insufficientFunds, DECLINE_MSG.insufficient_funds],
  ] as const) {
    test(`${card}: declined — the failed order says why and nothing is granted`, async ({ page, context }) => {
      const { apiKey } = await signIn(context, await createVerifiedUser());
      const { event, ticket } = await paidEvent();
      await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnSandbox(page, card);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
      const dialog = page.getByRole('dialog', { name: /was not paid/ });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(reason)).toBeVisible();
      const [order] = await ordersOf(apiKey);
      expect(order).toMatchObject({ status: 'failed', activity_status: 'inactive', failure_reason: reason });
      expect(await canWatch(apiKey, event.id)).toBe(false);
      await dialog.getByRole('link', { name: 'Try again' }).click();
      await expect(page).toHaveURL(`${WEB_URL}/watch/${event.id}`);
      await expect(page.getByText('You need a pass to watch this event.')).toBeVisible();
    });
  }

  test('3155: the bank asks; Complete pays and the game plays', async ({ page, context }) => {
    const { apiKey } = await signIn(context, await createVerifiedUser());
    const { event, ticket } = await paidEvent();
    await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await payOnSandbox(page, CARDS.authentication);
    await expect(page.getByRole('heading', { level: 1, name: 'Authenticate your payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    expect(await canWatch(apiKey, event.id)).toBe(true);
  });

  test('3155: the bank asks; Fail fails the order', async ({ page, context }) => {
    const { apiKey } = await signIn(context, await createVerifiedUser());
    const { event, ticket } = await paidEvent();
    await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await payOnSandbox(page, CARDS.authentication);
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
    await expect(page.getByRole('dialog').getByText(DECLINE_MSG.authentication_failed)).toBeVisible();
    expect(await canWatch(apiKey, event.id)).toBe(false);
  });

  test('the order page waits for the payment and updates by itself', async ({ page, context, browser, javaScriptEnabled }) => {
    const { apiKey } = await signIn(context, await createVerifiedUser());
    const { event, ticket } = await paidEvent();
    await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
    const checkout = page.url();
    const [order] = await ordersOf(apiKey);
    if (javaScriptEnabled) {
      await page.goto(`/orders/${order.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Processing your payment' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'updates by itself' })).toBeVisible();
    } else {
      // Without JavaScript the page asks again as soon as it has loaded (the server answers within
      // 2 s) and shows each answer in turn: read them as they arrive (the page is never still).
      const answers: string[] = [];
      await page.route(`**/orders/${order.id}?poll=*`, async (route) => {
        const res = await route.fetch();
        answers.push(await res.text());
        await route.fulfill({ response: res });
      });
      await page.goto(`/orders/${order.id}`);
      await expect.poll(() => answers.length).toBeGreaterThan(0);
      expect(answers[0]).toContain('Processing your payment');
      expect(answers[0]).toContain('updates by itself');
    }

    // The fan pays in another tab; this one learns of it by itself (a refresh, or a revalidation).
    const other = await browser.newContext({ javaScriptEnabled });
    const tab = await other.newPage();
    await tab.goto(checkout);
    await payOnSandbox(tab, CARDS.success);
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    await other.close();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });
});

test.describe('passes', () => {
  test('a season pass: choose a category (nothing chosen is refused), pay, and it is marked as yours', async ({ page, context, checkA11y }) => {
    const { apiKey } = await signIn(context, await createVerifiedUser());
    const pass = await seasonPass();
    await page.goto('/packages');
    await page.getByRole('link', { name: `Choose ${pass.name}` }).click();
    await expect(page).toHaveURL(`${WEB_URL}/select-package/${pass.id}`);
    await expect(page.getByRole('heading', { level: 1, name: pass.name })).toBeVisible();
    const choices = page.getByRole('group', { name: 'Choose the categories you want' });
    const boxes = choices.getByRole('checkbox');
    await expect(boxes).toHaveCount(2);

    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page.getByText(ORDER_MSG.idNotSelected)).toBeVisible();
    await checkA11y();

    const first = boxes.first();
    const name = (await first.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim();
    await first.check();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/buy\\?package=${pass.id}&category=\\d+$`));
    await expect(page.getByRole('cell', { name: `${pass.name}: ${name}` })).toBeVisible();
    await expect(page.getByRole('row', { name: `Total (USD) ${usd(pass.base_price + pass.service_fee)}` })).toBeVisible();
    await page.getByRole('button', { name: /^Pay / }).click();
    await payOnSandbox(page, CARDS.success);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const orders = await ordersOf(apiKey);
    expect(orders.map((o) => [o.type, o.status, o.activity_status])).toEqual([['package', 'paid', 'active']]);

    await page.goto(`/select-package/${pass.id}`);
    await expect(page.getByRole('checkbox', { name: `${name} (you have it)` })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: `${name} (you have it)` })).toBeChecked();
    await page.goto('/packages');
    await expect(page.getByText('You have 1 of 2.')).toBeVisible();
  });

  test('a team pass: its teams are the choices', async ({ page, context }) => {
    const { apiKey } = await signIn(context, await createVerifiedUser());
    const pass = await teamPass();
    await page.goto(`/select-package/${pass.id}`);
    const choices = page.getByRole('group', { name: 'Choose the teams you want' });
    await expect(choices.getByRole('checkbox')).toHaveCount(pass.participants.length);
    await choices.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/buy\\?package=${pass.id}&team=\\d+$`));
    await page.getByRole('button', { name: /^Pay / }).click();
    await payOnSandbox(page, CARDS.success);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    const [order] = await ordersOf(apiKey);
    expect(order).toMatchObject({ type: 'package', status: 'paid', product: { id: pass.id, participant_id: pass.participants[1] } });
  });
});

test('a visitor who picks an offer logs in and comes back to it', async ({ page }) => {
  const user = await createVerifiedUser();
  const { event, ticket } = await paidEvent();
  await page.goto(`/watch/${event.id}`);
  await page
    .getByRole('list', { name: 'Ways to watch' })
    .getByRole('link', { name: /^Buy this game/ })
    .click();
  await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=${encodeURIComponent(`/buy?event=${event.id}&package=${ticket.id}`)}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${WEB_URL}/buy?event=${event.id}&package=${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: event.name })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${usd(ticket.price)}` })).toBeVisible();
});
