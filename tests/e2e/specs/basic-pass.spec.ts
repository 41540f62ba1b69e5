/* The basic-pass gate (issue 36; spec section 2; ADR 053), with JavaScript off and on. On: a
   second site with `settings.basic_pass` (support/second-site.ts): a signed-in fan who holds no
   pass is sent to /packages from every page but privacy, terms, packages, buy and select-package,
   buys a subscription without being sent anywhere mid-checkout, and then goes where they please.
   Off: the shared site keeps the demo's setting, and a fan without a pass is sent nowhere. */
import type { Subscription } from '#contract';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { CARDS, payOnSandbox } from '../support/commerce.ts';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';
import { WEB_URL } from '../support/urls.ts';

let site: SecondSite;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSecondSite({ settings: { basic_pass: true } });
  scanPagesOf(site.url);
});

test.afterAll(async () => {
  await site?.close();
});

const monthlyOf = async (s: SecondSite) => {
  const { data } = (await (await fetch(`${s.channelApiUrl}/subscriptions`)).json()) as { data: Subscription[] };
  return data.find((p) => p.period === 'month')!;
};

test('on: a fan without a pass is sent to /packages, except on the open pages; checkout is never cut short; with a pass they go anywhere', async ({
  page,
  context,
  checkA11y,
}) => {
  // Eight pages, a purchase and the provider's page, each scanned by axe.
  test.setTimeout(150_000);
  // A visitor is never sent.
  await page.goto(`${site.url}/faq`);
  await expect(page).toHaveURL(`${site.url}/faq`);

  const fan = await createVerifiedUser({}, site);
  await signIn(context, fan, site);
  for (const path of ['/', '/faq', '/profile', '/upcoming']) {
    await page.goto(`${site.url}${path}`);
    await expect(page, path).toHaveURL(`${site.url}/packages`);
  }
  const plan = await monthlyOf(site);
  for (const path of ['/privacy_policy', '/terms_conditions', '/packages', `/buy?subscription=${plan.id}`]) {
    await page.goto(`${site.url}${path}`);
    await expect(page, path).toHaveURL(`${site.url}${path}`);
  }

  // Buying: the checkout, the provider's page and the order's page are never interrupted.
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${site.url}/orders/\\d+`));
  await checkA11y();

  await page.goto(`${site.url}/upcoming`);
  await expect(page).toHaveURL(`${site.url}/upcoming`);
  await page.goto(`${site.url}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
});

test('off (the demo): a fan without a pass goes where they please', async ({ page, context }) => {
  const fan = await createVerifiedUser();
  await signIn(context, fan);
  for (const path of ['/', '/faq', '/profile']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`${WEB_URL}${path}`);
  }
});
