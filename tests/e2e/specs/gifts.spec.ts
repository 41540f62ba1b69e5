/* Gift a pass (issue 11, ADR 019), with JavaScript off and on, against the sandbox provider: the
   buyer gives a season pass to someone else's address with a message (the recipient's address is
   required, and not the buyer's own); the recipient is mailed a link, logs in from it and comes
   back, redeems the gift and has the pass; the buyer sees the gift in Transactions, not redeemed
   and then redeemed; a second redemption is refused with a clear message. */
import { GIFT_MSG } from '../../../contract/gifts.ts';
import { uniqueEmail } from '../../support/registration.ts';
import { createVerifiedUser, latestMail, signIn } from '../support/accounts.ts';
import { CARDS, ordersOf, paidGiftPath, payOnSandbox, seasonPass } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('give a season pass; the recipient logs in from the mail and redeems it once; the buyer sees it redeemed', async ({
  page,
  context,
  browser,
  javaScriptEnabled,
}) => {
  // One fan's whole story and another's: three accounts, a checkout, two redemptions.
  test.setTimeout(120_000);
  const buyer = await createVerifiedUser({ first_name: 'Casey', last_name: 'Giver' });
  const recipient = await createVerifiedUser();
  const latecomer = await createVerifiedUser();
  const { apiKey: buyerKey } = await signIn(context, buyer);
  const pass = await seasonPass();
  const category = pass.event_categories[0];

  await page.goto(`/buy?package=${pass.id}&category=${category}`);
  await page.getByRole('link', { name: 'Buy it as a gift' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/buy?package=${pass.id}&category=${category}&gift=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout: a gift' })).toBeVisible();
  const email = page.getByLabel("Recipient's email");
  const message = page.getByLabel('Message (optional)');
  const pay = page.getByRole('button', { name: /^Pay / });

  // The recipient's address is needed, and it is not the buyer's own.
  await pay.click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(new RegExp(escape(GIFT_MSG.recipientRequired)));
  await email.fill(buyer.email);
  await pay.click();
  await expect(email).toHaveAccessibleDescription(new RegExp(escape(GIFT_MSG.ownEmail)));
  expect(await ordersOf(buyerKey)).toEqual([]);

  await email.fill(recipient.email);
  await message.fill('Happy birthday! See you at the games.');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  const after = Date.now();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(`We mailed ${recipient.email} a link to redeem it`)).toBeVisible();
  await expect(page.getByText(`${recipient.email} (Not redeemed yet)`)).toBeVisible();

  // The buyer's record: a gift, not redeemed yet, and no pass of their own.
  await page.goto('/profile/transactions');
  await expect(page.getByRole('rowheader', { name: new RegExp(`Gift to ${escape(recipient.email)}: Not redeemed yet`) })).toBeVisible();
  await page.goto(`/select-package/${pass.id}`);
  await expect(page.getByRole('checkbox', { name: /you have it/ })).toHaveCount(0);

  const mail = await latestMail({ to: recipient.email, subject: 'gave you a gift', after });
  expect(mail.subject).toContain('Casey Giver');
  expect(mail.text).toContain('Happy birthday! See you at the games.');
  await latestMail({ to: buyer.email, subject: 'receipt', after });
  const link = mail.links.find((l) => new URL(l).pathname.startsWith('/gift/'))!;
  const giftPath = new URL(link).pathname;
  expect(link).toBe(`${WEB_URL}${giftPath}`);

  // The buyer cannot redeem it.
  await page.goto(giftPath);
  await expect(page.getByRole('heading', { level: 1, name: 'A gift you gave' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redeem' })).toHaveCount(0);

  // Another fan holding the link opens it now, and redeems it too late (below).
  const other = await browser.newContext({ javaScriptEnabled, baseURL: WEB_URL });
  await signIn(other, latecomer);
  const late = await other.newPage();
  await late.goto(giftPath);
  await expect(late.getByRole('button', { name: 'Redeem' })).toBeVisible();

  // The recipient, not signed in, logs in from the link and comes back to it.
  await context.clearCookies();
  await page.goto(giftPath);
  await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=${encodeURIComponent(giftPath)}`);
  await page.getByLabel('Email').fill(recipient.email);
  await page.getByLabel('Password').fill(recipient.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${WEB_URL}${giftPath}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A gift from Casey Giver' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: pass.name })).toBeVisible();
  await expect(page.getByText('Happy birthday! See you at the games.')).toBeVisible();
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page.getByText('Gift redeemed: the pass is yours.')).toBeVisible();
  await page.goto(`/select-package/${pass.id}`);
  await expect(page.getByRole('checkbox', { name: /you have it/ })).toHaveCount(1);

  // Once only: the link says so, and a second redemption is refused.
  await page.goto(giftPath);
  await expect(page.getByText(GIFT_MSG.redeemed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redeem' })).toHaveCount(0);
  await late.getByRole('button', { name: 'Redeem' }).click();
  await expect(late.getByRole('alert').filter({ hasText: GIFT_MSG.redeemed })).toBeVisible();
  await other.close();

  // The buyer sees it redeemed.
  await context.clearCookies();
  await signIn(context, buyer);
  await page.goto('/profile/transactions');
  await expect(page.getByRole('rowheader', { name: new RegExp(`Gift to ${escape(recipient.email)}: Redeemed`) })).toBeVisible();
});

test('the buyer mails a gift again to a corrected address: the first link stops working; once redeemed it cannot be sent', async ({
  page,
  context,
  browser,
  javaScriptEnabled,
  checkA11y,
}) => {
  const buyer = await createVerifiedUser();
  const { apiKey } = await signIn(context, buyer);
  const typo = uniqueEmail('typo').replace('example.test', 'exampel.test');
  const oldPath = await paidGiftPath(apiKey, typo);
  const mailedAt = Date.now();
  const [order] = await ordersOf(apiKey);

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText(`${typo} (Not redeemed yet)`)).toBeVisible();
  await page.getByRole('link', { name: 'Send the gift again' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/orders/${order.id}/gift`);
  await expect(page.getByRole('heading', { level: 1, name: 'Send the gift again' })).toBeVisible();
  const email = page.getByLabel("Recipient's email");
  await expect(email).toHaveValue(typo);
  const send = page.getByRole('button', { name: 'Send the gift' });

  // Not to the buyer's own address.
  await email.fill(buyer.email);
  await send.click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(new RegExp(escape(GIFT_MSG.ownEmail)));
  await checkA11y();

  // The right address, once the e2e channel API's interval (GIFT_RESEND_SECONDS=1) has passed.
  const right = uniqueEmail('right');
  await email.fill(right);
  await expect.poll(() => Date.now() - mailedAt).toBeGreaterThan(1_000);
  const after = Date.now();
  await send.click();
  await expect(page).toHaveURL(`${WEB_URL}/orders/${order.id}`);
  await expect(page.getByText(`We mailed the gift to ${right} with a new link. The link mailed before no longer works.`)).toBeVisible();
  await expect(page.getByText(`${right} (Not redeemed yet)`)).toBeVisible();
  const mail = await latestMail({ to: right, subject: 'gave you a gift', after });
  const newPath = new URL(mail.links.find((l) => new URL(l).pathname.startsWith('/gift/'))!).pathname;
  expect(newPath).not.toBe(oldPath);

  // A fan holding the first link finds nothing there; the new one is theirs to redeem.
  const other = await browser.newContext({ javaScriptEnabled, baseURL: WEB_URL });
  await signIn(other, await createVerifiedUser());
  const holder = await other.newPage();
  await holder.goto(oldPath);
  await expect(holder).toHaveURL(`${WEB_URL}/404`);

  // The buyer opens the form again while the recipient redeems the new link: the form says so.
  await page.getByRole('link', { name: 'Send the gift again' }).click();
  await expect(email).toHaveValue(right);
  await holder.goto(newPath);
  await holder.getByRole('button', { name: 'Redeem' }).click();
  await expect(holder.getByText('Gift redeemed: the pass is yours.')).toBeVisible();
  await other.close();
  await send.click();
  // With JavaScript the form says so; without, the page it reloads to.
  await expect(page.getByText(GIFT_MSG.redeemed)).toBeVisible();
  await checkA11y();
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText(`${right} (Redeemed)`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send the gift again' })).toHaveCount(0);
});
