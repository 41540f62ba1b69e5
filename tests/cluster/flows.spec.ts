/* The core flows through the cluster's proxy (issue 37), with JavaScript off and on: a visitor
   browses pages the proxy shares from its cache; a fan signs in with the form, buys a game on the
   test checkout, watches it, follows its team and clips it — with consecutive requests landing on
   both web servers (the session cookie, its CSRF token and the rate limits are shared), the clip
   made by a queue worker, the receipt mailed by the channel API. */
import { expect, test, type Page, type Response } from '@playwright/test';
import { createVerifiedUser, signIn } from '../e2e/support/accounts.ts';
import { eventTitle, listEvents } from '../e2e/support/channel.ts';
import { CARDS, ordersOf, paidEvent, payOnSandbox, subscribe } from '../e2e/support/commerce.ts';
import { waitForMail } from '../support/outbox.ts';
import { clusterSite, PROXY_URL } from './support/cluster.ts';
import { pressFollow } from '../e2e/support/following.ts';

/** Which web server answered each page (X-Served-By) the browser loaded from the proxy. */
function servedBy(page: Page): string[] {
  const names: string[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().startsWith(PROXY_URL) || res.request().resourceType() !== 'document') return;
    const name = res.headers()['x-served-by'];
    if (name) names.push(name);
  });
  return names;
}

/** A Canadian address, and a US one (in the IP database the proxy reads). */
const CANADA = '24.48.0.1';
const USA = '8.8.8.8';
/** The spec's words on a blacked-out game (the page's HTML escapes its apostrophe). */
const NOT_HERE = 'this content is not available in your region.';

test('a visitor browses: pages shared from the proxy cache per region, whatever region header the visitor forges', async ({ page, request }) => {
  const site = clusterSite();
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live' })).toBeVisible();
  await page.goto('/upcoming');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [game] = (await listEvents({ stream_status: 'finished', limit: 1 }, site)).items;
  await page.goto(`/watch/${game.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(game));

  /** The page asked for until the proxy answers it from its cache (it keeps a page asked twice). */
  const cached = async (pathname: string, headers: Record<string, string> = {}) => {
    for (let i = 0; i < 3; i++) {
      const res = await request.get(pathname, { headers });
      expect(res.status()).toBe(200);
      expect(res.headers()['set-cookie']).toBeUndefined();
      if (res.headers()['x-cache-status'] === 'HIT') return res;
    }
    throw new Error(`${pathname} was never answered from the proxy's cache`);
  };
  for (const pathname of ['/', '/upcoming']) {
    // Kept with the name of the web server that made it.
    expect((await cached(pathname)).headers()['x-served-by']).toMatch(/^web-[12]$/);
  }
  // A fingerprinted file of the build (the page's style sheet, its scripts).
  const asset = /"(\/build\/[^"]+\.(?:css|js))"/.exec(await (await request.get('/')).text())?.[1];
  expect(asset).toBeTruthy();
  await cached(asset!);

  // The demo's game blacked out in Canada: a visitor from a Canadian address gets Canada's copy,
  // whatever country they claim; one from the US gets theirs, claiming Canada.
  const blackedOut = (await listEvents({ stream_status: 'live', limit: 100 }, site)).items.find(
    (e) => e.name === 'Bayside Mariners @ Lakeview Lions (Boys Soccer)',
  )!;
  const fromCanada = await cached(`/watch/${blackedOut.id}`, { 'x-forwarded-for': CANADA, 'cf-ipcountry': 'US' });
  expect(await fromCanada.text()).toContain(NOT_HERE);
  const fromUsa = await cached(`/watch/${blackedOut.id}`, { 'x-forwarded-for': USA, 'cf-ipcountry': 'CA' });
  expect(await fromUsa.text()).not.toContain(NOT_HERE);
  expect(fromUsa.headers()['vary']).toMatch(/cf-ipcountry/i);
  // A visitor the proxy has no country for (here: loopback) gets the page decided from their
  // address, private to the proxy: never the US copy a web server keeps for header-decided visitors.
  for (let i = 0; i < 3; i++) {
    const unknown = await request.get(`/watch/${blackedOut.id}`);
    expect(unknown.headers()['cache-control']).toBe('private, no-store');
    expect(unknown.headers()['x-cache-status']).not.toBe('HIT');
  }
});

test('a fan signs in, buys a game, watches it, follows its team and clips a game, across both web servers', async ({ page, context, javaScriptEnabled }) => {
  test.slow();
  const site = clusterSite();
  const served = servedBy(page);
  const fan = await createVerifiedUser({}, site);

  // Sign in with the form: the page (and its CSRF token) from one server, the post to the other.
  await page.goto('/login');
  await page.getByLabel('Email').fill(fan.email);
  await page.getByLabel('Password').fill(fan.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Account' })).toContainText(fan.first_name);

  // Buy a game on the test checkout and watch it.
  const { event, ticket } = await paidEvent(site);
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  await expect(page.getByRole('heading', { level: 2, name: event.name })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  const paidAt = Date.now();
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await page.getByRole('link', { name: 'Watch now' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(event));
  await expect(page.locator('video')).toHaveCount(1);
  await expect(page.getByText('You need a pass to watch this event.')).toHaveCount(0);
  const receipt = await waitForMail(site.outbox, { to: fan.email, subject: 'receipt', after: paidAt });
  expect(receipt.text).toContain(eventTitle(event));

  // Follow the home team from its page.
  const teamLink = page.getByRole('region', { name: 'About this event' }).getByRole('link').first();
  const team = (await teamLink.textContent())!.trim();
  await teamLink.click();
  await pressFollow(page, page.getByRole('button', { name: `Follow ${team}`, exact: true }));
  await expect(page.getByRole('button', { name: `Following ${team}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/my-games');
  await expect(page.getByRole('button', { name: `Following ${team}`, exact: true })).toBeVisible();

  // One order, paid: nothing doubled on the way through two servers.
  const { apiKey } = await signIn(context, fan, site);
  const orders = (await ordersOf(apiKey, site)).filter((order) => order.product.event_id === event.id);
  expect(orders.map((order) => order.status)).toEqual(['paid']);

  // Clip a finished game (a subscription allows it): a worker makes it.
  await subscribe(apiKey, undefined, site);
  await page.goto(`/watch/${event.id}`);
  const clip = page.getByRole('region', { name: 'Clip' });
  const name = `Through the proxy ${javaScriptEnabled ? 'js' : 'no-js'}`;
  await clip.getByLabel('Name').fill(name);
  await clip.getByRole('checkbox').first().check();
  await clip.getByLabel('Start').fill('0:04');
  await clip.getByLabel('End').fill('0:14');
  await clip.getByRole('button', { name: 'Make clip' }).click();
  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('Ready')).toBeVisible({ timeout: 60_000 });

  expect(new Set(served), `pages came from both web servers: ${served.join(', ')}`).toEqual(new Set(['web-1', 'web-2']));
});
