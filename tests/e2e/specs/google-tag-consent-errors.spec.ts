/* The Google tag with consent mode v2, the cookie notice, and errors forwarded to the monitoring
   service (issue 35; ADR 051; README "Google tag and cookie notice", "Error monitoring"). These
   need channel settings the demo leaves off and a DSN, so they run on a second site of their own
   (support/second-site.ts) whose errors go to a local receiver (support/sentry-receiver.ts).
   Nothing leaves the machine: requests to Google's hosts are answered by the test, never sent. */
import type { BrowserContext, Page } from '@playwright/test';
import { startSentryReceiver, type SentryReceiver } from '../../support/sentry-receiver.ts';
import { expect, scanPagesOf, test } from '../support/fixtures.ts';
import { appHydrated } from '../support/hydration.ts';
import { startSecondSite, type SecondSite } from '../support/second-site.ts';

const TAG_ID = 'G-E2ETEST01';
const CHECK = {
  server: 'Monitoring check: a server error on purpose',
  browser: 'Monitoring check: a browser error on purpose',
  cancelled: 'Monitoring check: a cancelled request (not reported)',
};

let site: SecondSite;
let receiver: SentryReceiver;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = await startSentryReceiver();
  site = await startSecondSite({
    settings: { 'google-analytics': TAG_ID, cookie_notice: true },
    env: { SENTRY_DSN: receiver.dsn, MONITORING_CHECK: '1' },
  });
  // The shared fixture's axe check, on the pages of this site too.
  scanPagesOf(site.url);
});

test.afterAll(async () => {
  await site?.close();
  await receiver?.close();
});

/** Google's hosts answered here: gtag.js and its measurements never leave the machine. */
const googleRequests = async (context: BrowserContext) => {
  const asked: string[] = [];
  await context.route(/^https:\/\/[^/]*(googletagmanager\.com|google-analytics\.com)\//, (route) => {
    asked.push(route.request().url());
    return route.abort();
  });
  return asked;
};

/** The Google tag's commands as the page queued them: [command, ...arguments] each. */
const dataLayer = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => Array.from(args)));

const cookieNotice = (page: Page) => page.getByRole('region', { name: 'Cookies' });

test('with the tag on, every page starts our bootstrap with every consent denied, and only its pages name Google in the CSP', async ({ request }) => {
  const res = await request.get(`${site.url}/`);
  const html = await res.text();
  expect(html).toContain(`<script src="/google-tag.js" defer="" data-tag-id="${TAG_ID}" data-consent="denied"></script>`);
  // No inline script for the tag, and no cookie from a plain GET (the page stays shareable).
  expect(html).not.toContain('googletagmanager');
  expect(res.headers()['set-cookie']).toBeUndefined();
  expect(res.headers()['cache-control']).toMatch(/^public/);
  const csp = res.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
  expect(csp).not.toMatch(/unsafe-inline[^;]*;[^;]*script-src|script-src[^;]*unsafe-inline/);

  const bootstrap = await request.get(`${site.url}/google-tag.js`);
  expect(bootstrap.headers()['cache-control']).toMatch(/public, max-age=\d+/);
  const text = await bootstrap.text();
  expect(text.indexOf("gtag('consent', 'default'")).toBeGreaterThan(-1);
  expect(text.indexOf("gtag('consent', 'default'")).toBeLessThan(text.indexOf("gtag('config', id)"));

  // A response that is not a page names no Google host.
  expect((await request.get(`${site.url}/favicon.svg`)).headers()['content-security-policy']).not.toMatch(/google/);
});

test('the notice: Reject and Accept, remembered, and told to the tag', async ({ page, javaScriptEnabled }) => {
  const jsOn = javaScriptEnabled !== false;
  const asked = await googleRequests(page.context());
  await page.goto(`${site.url}/`);
  await expect(cookieNotice(page)).toBeVisible();
  await expect(cookieNotice(page).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy_policy');
  if (jsOn) {
    const commands = await dataLayer(page);
    expect(commands[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 },
    ]);
    const config = commands.findIndex((c) => c[0] === 'config');
    expect(commands[config]).toEqual(['config', TAG_ID]);
    expect(commands.findIndex((c) => c[0] === 'consent' && c[1] === 'update')).toBe(-1);
    // gtag.js was asked for (and answered here), after the page loaded.
    await expect.poll(() => asked.some((u) => u.startsWith(`https://www.googletagmanager.com/gtag/js?id=${TAG_ID}`))).toBe(true);
  }

  // Reject: the notice goes (with JavaScript without a reload), and stays gone.
  if (jsOn) await appHydrated(page);
  if (jsOn) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect(page).toHaveURL(`${site.url}/`);
  if (jsOn) {
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect((await dataLayer(page)).filter((c) => c[0] === 'consent' && c[1] === 'update')).toEqual([
      ['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }],
    ]);
    await expect(page.locator('#main')).toBeFocused();
  }
  await expect.poll(async () => (await page.context().cookies(site.url)).find((c) => c.name === '__consent')?.value).toBe('denied');
  await page.goto(`${site.url}/faq`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect(page.locator('script[src="/google-tag.js"]')).toHaveAttribute('data-consent', 'denied');

  // Accept in a browser that has not chosen: granted at once, and from the start of every page after.
  await page.context().clearCookies();
  await page.goto(`${site.url}/faq`);
  if (jsOn) await appHydrated(page);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect(page).toHaveURL(`${site.url}/faq`);
  const granted = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };
  if (jsOn) expect((await dataLayer(page)).filter((c) => c[0] === 'consent' && c[1] === 'update')).toEqual([['consent', 'update', granted]]);
  await expect.poll(async () => (await page.context().cookies(site.url)).find((c) => c.name === '__consent')?.value).toBe('granted');
  await page.reload();
  await expect(cookieNotice(page)).toHaveCount(0);
  await expect(page.locator('script[src="/google-tag.js"]')).toHaveAttribute('data-consent', 'granted');
  if (jsOn) {
    const commands = await dataLayer(page);
    expect(commands.slice(0, 2).map((c) => c.slice(0, 2))).toEqual([
      ['consent', 'default'],
      ['consent', 'update'],
    ]);
    expect(commands[1][2]).toEqual(granted);
    expect(commands.findIndex((c) => c[0] === 'config')).toBeGreaterThan(1);
  } else {
    expect(asked).toEqual([]);
  }
});

test('the consent form stays on our own site and refuses what is not a choice', async ({ request }) => {
  const away = await request.post(`${site.url}/consent`, {
    form: { answer: 'accept', redirectTo: '//evil.example/' },
    headers: { Origin: site.url },
    maxRedirects: 0,
  });
  expect(away.status()).toBe(303);
  expect(away.headers()['location']).toBe('/');
  expect(away.headers()['set-cookie']).toMatch(/^__consent=granted; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
  const bad = await request.post(`${site.url}/consent`, { form: { answer: 'maybe' }, headers: { Origin: site.url }, maxRedirects: 0 });
  expect(bad.status()).toBe(400);
  expect(bad.headers()['set-cookie']).toBeUndefined();
  const forged = await request.post(`${site.url}/consent`, { form: { answer: 'accept' }, headers: { Origin: 'http://evil.example' }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(forged.headers()['set-cookie']).toBeUndefined();
});

test('a server error arrives scrubbed; a cancelled request is not sent', async ({ request }) => {
  const secret = { token: 'tok-SERVER-7f3a', email: 'fan.check@example.com', session: 'sessionvalue-91c2' };
  const cancelled = await request.get(`${site.url}/monitoring-check?error=cancelled`);
  expect(cancelled.status()).toBe(500);
  const failed = await request.get(`${site.url}/monitoring-check?error=server&token=${secret.token}&email=${encodeURIComponent(secret.email)}`, {
    headers: { Cookie: `__session=${secret.session}`, Authorization: 'Bearer abc.def' },
  });
  expect(failed.status()).toBe(500);
  await expect.poll(() => receiver.eventsWith(CHECK.server).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const [event] = receiver.eventsWith(CHECK.server);
  expect(event.request?.url ?? '').toContain('/monitoring-check');
  const sent = receiver.envelopes.map((e) => e.raw).join('\n');
  for (const value of Object.values(secret)) expect(sent).not.toContain(value);
  expect(sent).not.toContain('abc.def');
  expect(receiver.eventsWith(CHECK.cancelled)).toEqual([]);
});

test('a browser error arrives scrubbed; a cancelled request in the browser is not sent', async ({ page, javaScriptEnabled }) => {
  const jsOn = javaScriptEnabled !== false;
  await page.goto(`${site.url}/monitoring-check?token=tok-BROWSER-c41e`);
  await expect(page.getByRole('heading', { name: 'Monitoring check' })).toBeVisible();
  await expect(page.getByText('Errors are sent to the monitoring service (SENTRY_DSN).')).toBeVisible();
  if (!jsOn) {
    // Without JavaScript there is nothing to fail in the browser: the page offers the server's checks only.
    await expect(page.getByRole('button', { name: 'A browser error' })).toHaveCount(0);
    return;
  }
  // The monitoring SDK loads after the page is idle: throw until the first error is in.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'A browser error' }).click();
        return receiver.eventsWith(CHECK.browser).length;
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'A cancelled request in the browser' }).click();
  const before = receiver.eventsWith(CHECK.browser).length;
  // A different error after it, so that when this one is in, the skipped one would have been too.
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('Monitoring check: after the cancelled one');
    }),
  );
  await expect.poll(() => receiver.eventsWith('after the cancelled one').length, { timeout: 15_000 }).toBe(1);
  expect(receiver.eventsWith(CHECK.cancelled)).toEqual([]);
  expect(receiver.eventsWith(CHECK.browser).length).toBe(before);
  const [event] = receiver.eventsWith(CHECK.browser);
  expect(event.request?.url).toBe(`${site.url}/monitoring-check?token=[Filtered]`);
  expect(receiver.envelopes.map((e) => e.raw).join('\n')).not.toContain('tok-BROWSER-c41e');
});
