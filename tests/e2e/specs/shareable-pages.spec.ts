/* Anonymous pages are shareable (issue: the first screen): a visitor who is not signed in can
   browse every public page — with JavaScript off, and on with its data requests and prefetches —
   and the site stores nothing in their browser. Per-visitor state starts only where it belongs:
   a page with a form of its own (its CSRF token), signing in, a campaign link's tracking code. */
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { customPages, finishedEvent, listEvents } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountMenu } from '../support/header.ts';
import { WEB_URL } from '../support/urls.ts';

const cookiesOf = async (page: import('@playwright/test').Page) => (await page.context().cookies(WEB_URL)).map((c) => c.name);

test('public pages set no cookie for an anonymous visitor', async ({ page }) => {
  const [custom] = await customPages();
  const urls = [
    '/',
    '/live',
    '/upcoming',
    '/vod?view=list',
    '/schedule?status=finished',
    '/vod_library',
    `/watch/${(await finishedEvent('free')).id}`,
    `/watch/${(await finishedEvent('paid')).id}`,
    `/watch/${(await listEvents({ stream_status: 'live', limit: 1 })).items[0].id}`,
    '/faq',
    '/packages',
    '/about',
    '/contacts',
    custom.url,
  ];
  // Each page as a browser asks for it (the pages themselves are scanned by the tests of their flows).
  for (const url of urls) {
    const res = await page.request.get(url, { headers: { Accept: 'text/html' } });
    expect(res.ok(), url).toBe(true);
    expect(res.headers()['set-cookie'], `${url} sets no cookie`).toBeUndefined();
    // A watch page depends on the visitor's region, which a CDN cannot tell: only the server shares it.
    if (!url.startsWith('/watch/')) expect(res.headers()['cache-control'], `${url} may be shared`).toMatch(/^public, max-age=0, s-maxage=\d+/);
    else expect(res.headers()['cache-control'], `${url} stays out of a CDN`).toBe('private, no-store');
  }
  const notFound = await page.request.get('/no-such-page');
  expect(notFound.status()).toBe(404);
  expect(notFound.headers()['set-cookie'], 'the not-found page sets no cookie').toBeUndefined();
  // Moving around in the page (client navigation with JavaScript, plain links without).
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  expect(await cookiesOf(page)).toEqual([]);
});

test('the Log in link brings the visitor back; a page with a form is where a session starts', async ({ page }) => {
  await page.goto('/faq');
  expect(await cookiesOf(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Ffaq`);
  // The login form carries a CSRF token, bound to a session of this browser: a private page.
  expect(await cookiesOf(page)).toEqual(['__session']);
  const again = await page.goto('/login');
  expect(await again?.headerValue('cache-control')).toBe('private, no-store');
});

test('a campaign link keeps its tracking code, in a cookie of its own', async ({ page }) => {
  await page.goto('/?trk=spring-promo');
  expect(await cookiesOf(page)).toEqual(['__nav']);
});

test("a signed-in fan's pages use the fan's own session", async ({ page, context }) => {
  await signIn(context, await createVerifiedUser());
  const res = await page.goto('/upcoming');
  expect(res?.ok()).toBe(true);
  // The header shows the fan's name: never kept by any cache.
  expect(await res?.headerValue('cache-control')).toBe('private, no-store');
  await expect(accountMenu(page)).toBeVisible();
  expect(await cookiesOf(page)).toContain('__session');
});

test('the server keeps an anonymous page and serves the next visitor its copy', async ({ page }) => {
  // The e2e server keeps pages for 2 s (CONTENT_TTL_SECONDS), so on a busy machine a copy may run
  // out between two requests: ask until one is served from the cache, then compare it with the
  // rendered page it copies.
  let rendered = '';
  await expect
    .poll(async () => {
      const res = await page.request.get('/faq');
      const text = await res.text();
      if (res.headers()['x-microcache'] !== 'hit') rendered = text;
      else if (rendered) return { hit: true, sameAsRendered: text === rendered, vary: res.headers()['vary'] };
      return { hit: false };
    })
    .toEqual({ hit: true, sameAsRendered: true, vary: expect.stringMatching(/Cookie, Save-Data/) });
});

test("a watch page is kept per region: a blocked region never gets another region's copy, nor the other way", async ({ page }) => {
  const event = await finishedEvent('free');
  const visit = async (address: string) =>
    (await page.request.get(`/watch/${event.id}`, { headers: { 'X-Forwarded-For': address, Accept: 'text/html' } })).text();
  const blocked = 'this content is not available in your region.';
  // TEST-NET-3 is the demo channel's blocked region; TEST-NET-2 is not blocked.
  for (let round = 0; round < 2; round++) {
    expect(await visit('198.51.100.23'), `round ${round}: an open region plays`).not.toContain(blocked);
    expect(await visit('203.0.113.9'), `round ${round}: the blocked region is told so`).toContain(blocked);
  }
  expect(await visit('198.51.100.24'), 'a new address of the open region').toContain('<video');
});
