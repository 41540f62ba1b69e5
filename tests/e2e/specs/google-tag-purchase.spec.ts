/* A paid order tells the channel's Google tag, once (issue 35; ADR 051): the order's page sends
   `purchase` with the order's id, what the fan paid in major units and the channel's currency,
   with JavaScript, once per order in the browser — not again on a reload or a later visit. Without
   JavaScript the order page works and nothing of Google's loads. On a second site with the tag
   set and a currency other than the default's (EUR), so a currency taken from elsewhere would
   show; a fan signed in there buys a game on the sandbox checkout. Google's hosts are answered by the test:
   nothing leaves the machine. */
import type { BrowserContext, Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { CARDS, ordersOf, paidEvent, payOnSandbox } from '../support/commerce.ts';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';

const TAG_ID = 'G-E2EPURCHASE';
const CURRENCY = 'EUR';

let site: SecondSite;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSecondSite({ settings: { 'google-analytics': TAG_ID, currency: CURRENCY } });
  scanPagesOf(site.url);
});

test.afterAll(async () => {
  await site?.close();
});

/** Google's hosts answered here (gtag.js as an empty script): the URLs the page asked for. */
async function answerGoogle(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route(/^https:\/\/[^/]*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return asked;
}

/** The `purchase` events the page gave the tag (each command in the dataLayer is an arguments object). */
const purchases = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
      .map((args) => Array.from(args))
      .filter(([command, name]) => command === 'event' && name === 'purchase')
      .map(([, , params]) => params as unknown),
  );

/** With JavaScript, the page as it stays: loaded, the tag started (`config` queued), the app
 *  hydrated, and two frames later its effects have run. */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    const started = ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).some((args) => args[0] === 'config');
    return started && main !== null && Object.keys(main).some((key) => key.startsWith('__react'));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What the order page says was paid, as a number in major units: '€1,299.50 (service fee …)' → 1299.5. */
async function paidOnPage(page: Page): Promise<number> {
  const shown = await page.locator('.order-details dt:text-is("Amount") + dd').innerText();
  const amount = /^\D*?(\d[\d,]*(?:\.\d+)?)/.exec(shown.trim());
  if (!amount) throw new Error(`no amount in "${shown}"`);
  return Number(amount[1].replace(/,/g, ''));
}

test('a paid order sends one purchase to the tag, and not again on a reload or a later visit', async ({ page, context, javaScriptEnabled, checkA11y }) => {
  const jsOn = javaScriptEnabled !== false;
  const asked = await answerGoogle(context);
  const fan = await createVerifiedUser({}, site);
  const { apiKey } = await signIn(context, fan, site);
  const { event, ticket } = await paidEvent(site);

  await page.goto(`${site.url}/buy?event=${event.id}&package=${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^Total \\(${CURRENCY}\\) `) })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  await checkA11y();

  // This time our bootstrap arrives late, as on a slow network: the purchase is still told (the
  // app starts after the page's load event, so after the deferred bootstrap has run).
  let lateBootstrap = true;
  await page.route(`${site.url}/google-tag.js`, async (route) => {
    if (lateBootstrap) await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(new RegExp(`^${site.url}/orders/\\d+\\?session_id=cs_test_`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await checkA11y();

  const [order] = await ordersOf(apiKey, site);
  expect(order).toMatchObject({ status: 'paid', currency: CURRENCY });
  expect(new URL(page.url()).pathname).toBe(`/orders/${order.id}`);
  await expect(page.locator('.order-details dt:text-is("Order") + dd')).toHaveText(`#${order.id}`);
  const paid = await paidOnPage(page);
  expect(paid).toBeGreaterThan(0);
  // The page names the tag either way; only a browser running scripts starts it.
  await expect(page.locator('script[src="/google-tag.js"]')).toHaveAttribute('data-tag-id', TAG_ID);

  if (!jsOn) {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    expect(await paidOnPage(page)).toBe(paid);
    expect(asked, 'nothing of Google loads without JavaScript').toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window)).toBe(false);
    return;
  }

  const purchase = { transaction_id: String(order.id), value: paid, currency: CURRENCY };
  await settled(page);
  await expect.poll(() => purchases(page)).toEqual([purchase]);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
  expect(await purchases(page), 'one purchase, not two').toEqual([purchase]);
  // gtag.js was asked for (and answered here) once the page had loaded.
  await expect.poll(() => asked.some((url) => url.startsWith(`https://www.googletagmanager.com/gtag/js?id=${TAG_ID}`))).toBe(true);
  lateBootstrap = false;

  // A reload: the same page, the tag started again, and no second purchase.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await settled(page);
  expect(await purchases(page)).toEqual([]);

  // Later, from elsewhere on the site, the order's page again: still none.
  await page.goto(`${site.url}/profile/transactions`);
  await page.goto(`${site.url}/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await settled(page);
  expect(await purchases(page)).toEqual([]);
  expect(await paidOnPage(page)).toBe(paid);
});
