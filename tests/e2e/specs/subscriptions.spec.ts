/* Subscriptions (issue 11), with JavaScript off and on, on the sandbox provider and its test
   clock: a free trial with its end date, then the first charge ('New subscription') and a renewal
   ('Subscription Renewal'); cancelling auto-renewal keeps access to the end of the period; the
   billing portal. */
import { usd } from '../../support/money.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { advanceClock, canWatch, CARDS, paidEvent, payOnSandbox, subscriptions } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const monthly = async () => (await subscriptions()).find((s) => s.period === 'month')!;
const longDate = (d: Date) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'America/Chicago' }).format(d);

test('a free trial: its end date, then the first charge and a renewal as the clock moves', async ({ page, context }) => {
  const user = await createVerifiedUser();
  await signIn(context, user);
  const plan = await monthly();
  await page.goto('/packages');
  await page.getByRole('link', { name: `Start free trial of the ${plan.name}` }).click();
  await expect(page).toHaveURL(`${WEB_URL}/buy?subscription=${plan.id}&trial=1`);
  await expect(page.getByText(`Free for ${plan.trial_period} days: nothing is charged today.`)).toBeVisible();
  await expect(page.getByText('Due today: $0.00.')).toBeVisible();
  await page.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page.getByText(`Free for ${plan.trial_period} days, then ${usd(plan.base_price)} every 30 days`)).toBeVisible();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const trialEnd = new Date(Date.now() + plan.trial_period! * 86_400_000);
  await expect(page.getByText(new RegExp(`Free trial until (${longDate(trialEnd)}|${longDate(new Date(trialEnd.getTime() + 86_400_000))})`))).toBeVisible();
  await expect(page.getByText('Auto-Renewal', { exact: true })).toBeVisible();

  await advanceClock(user.email, plan.trial_period! + 1);
  await page.goto('/profile/transactions');
  await expect(page.getByRole('row', { name: new RegExp(`New subscription Paid \\${usd(plan.base_price)}`) })).toBeVisible();
  await advanceClock(user.email, 30);
  await page.goto('/profile/transactions');
  await expect(page.getByRole('row', { name: new RegExp(`Subscription Renewal Paid \\${usd(plan.base_price)}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: /Free trial Paid \$0\.00/ })).toBeVisible();
});

test('cancelling auto-renewal keeps access to the end of the paid period, then it ends', async ({ page, context, javaScriptEnabled }) => {
  const user = await createVerifiedUser();
  const { apiKey } = await signIn(context, user);
  const plan = await monthly();
  const { event } = await paidEvent();
  await page.goto(`/buy?subscription=${plan.id}`);
  await page.getByRole('button', { name: `Pay ${usd(plan.price)}` }).click();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const orderPage = page.url().split('?')[0];

  if (javaScriptEnabled) {
    // Dismissed: nothing changes.
    await page.getByRole('link', { name: 'Cancel auto-renewal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel auto-renewal?' });
    await dialog.getByRole('button', { name: 'Keep auto-renewal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nothing changed: auto-renewal is still on.' })).toHaveCount(1);
    await page.getByRole('link', { name: 'Cancel auto-renewal' }).click();
    await dialog.getByRole('button', { name: 'Cancel auto-renewal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Auto-renewal cancelled.' }).first()).toHaveCount(1);
  } else {
    await page.getByRole('link', { name: 'Cancel auto-renewal' }).click();
    await expect(page).toHaveURL(`${orderPage}/cancel`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel auto-renewal?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel auto-renewal' }).click();
    await expect(page).toHaveURL(orderPage);
  }
  await expect(page.getByText('Auto-Renewal Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/You keep watching until .*; it will not renew\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel auto-renewal' })).toHaveCount(0);
  await page.goto(`/watch/${event.id}`);
  await expect(page.locator('video')).toHaveCount(1);

  await advanceClock(user.email, 31);
  expect(await canWatch(apiKey, event.id)).toBe(false);
  await page.goto(`/watch/${event.id}`);
  await expect(page.getByText('You need a pass to watch this event.')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('You have no active passes yet.')).toBeVisible();
});

test('Manage billing opens the billing portal, which lists the subscription and comes back', async ({ page, context }) => {
  const user = await createVerifiedUser();
  await signIn(context, user);
  const plan = await monthly();
  await page.goto(`/buy?subscription=${plan.id}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('row', { name: new RegExp(plan.name) }).getByRole('cell', { name: 'Auto-Renewal', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage billing' })).toBeVisible();
  await expect(page.getByText(plan.name)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(page.getByRole('button', { name: 'Renew again' })).toBeVisible();
  await page.getByRole('link', { name: /^Return to / }).click();
  await expect(page).toHaveURL(`${WEB_URL}/profile`);
  await expect(page.getByRole('row', { name: new RegExp(plan.name) }).getByRole('cell', { name: 'Auto-Renewal Cancelled', exact: true })).toBeVisible();
});
