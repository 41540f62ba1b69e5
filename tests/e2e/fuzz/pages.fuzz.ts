/* Property-based fuzz of every page (GET) and of the request line itself, against the real server
   (issue 7): hostile route params and query strings on each URL of the route table, Remix's own
   `_data` parameter, garbage cookies and headers, other methods, raw request targets. Every
   answer must be below 500 (so never the 'Whoops!' screen while the channel is up) and carry no
   stack trace, SQL or secret. Seeded: the same cases every run. */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { routeModules } from './checks.ts';
import { hostileString, OUT_OF_RANGE, PROTOTYPE_KEYS } from '../../support/hostile.ts';
import { cleanBody } from '../../support/leaks.ts';
import { MEDIA_TRAVERSALS } from '../../support/traversals.ts';
import { createVerifiedUser, sessionCookieFor } from '../support/accounts.ts';
import { channelKey } from '../support/channel.ts';
import { API_KEY_SHAPE } from '../support/fixtures.ts';
import { rawRequest } from '../support/raw-http.ts';
import { WEB_URL } from '../support/urls.ts';

const SEED = 7_2026;

/** Every URL of the route table, with `:slot` where a visitor's value goes (query slots after ?),
 *  and the route module that serves it (for Remix's `_data` parameter). */
const PAGES: { url: string; route: string }[] = [
  { url: '/', route: 'routes/_index' },
  { url: '/watch/:id', route: 'routes/watch.$id' },
  { url: '/watch_embed/:id', route: 'routes/watch_embed.$id' },
  { url: '/watch/:id/download', route: 'routes/watch.$id_.download' },
  { url: '/vod_library', route: 'routes/vod_library._index' },
  { url: '/vod_library/:id', route: 'routes/vod_library.$id' },
  { url: '/vod_library?title=:v&category=:v&page=:v', route: 'routes/vod_library._index' },
  { url: '/upcoming?status=:v&sport=:v&school=:v&location=:v&from=:v&to=:v&view=:v&page=:v', route: 'routes/upcoming' },
  { url: '/live?page=:v', route: 'routes/live' },
  { url: '/multiview?id=:v&id=:v&id=:v&id=:v&id=:v&enlarge=:v', route: 'routes/multiview' },
  { url: '/vod?from=:v&to=:v', route: 'routes/vod' },
  { url: '/schedule?sport=:v&view=:v', route: 'routes/schedule' },
  { url: '/schools', route: 'routes/schools._index' },
  { url: '/sports', route: 'routes/sports._index' },
  { url: '/schools/:alias?status=:v&view=:v&page=:v', route: 'routes/schools.$alias' },
  { url: '/teams/:alias?status=:v&page=:v', route: 'routes/teams.$alias' },
  { url: '/sports/:alias?status=:v&page=:v', route: 'routes/sports.$alias' },
  { url: '/divisions/:alias?status=:v&view=:v&page=:v', route: 'routes/divisions.$alias' },
  { url: '/venues/:alias?status=:v&page=:v', route: 'routes/venues.$alias' },
  { url: '/packages', route: 'routes/packages' },
  { url: '/select-package/:id?choose=:v', route: 'routes/select-package.$id' },
  { url: '/buy?event=:v&package=:v&subscription=:v&category=:v&team=:v&gift=:v&trial=:v', route: 'routes/buy' },
  { url: '/gift/:token', route: 'routes/gift.$token' },
  { url: '/orders/:id?poll=:v&session_id=:v', route: 'routes/orders.$id' },
  { url: '/orders/:id/cancel', route: 'routes/orders.$id_.cancel' },
  { url: '/orders/:id/gift', route: 'routes/orders.$id_.gift' },
  { url: '/billing?return=:v', route: 'routes/billing' },
  { url: '/faq', route: 'routes/faq' },
  { url: '/about', route: 'routes/about' },
  { url: '/contacts', route: 'routes/contacts' },
  { url: '/accessibility', route: 'routes/accessibility' },
  { url: '/simulate', route: 'routes/simulate' },
  { url: '/privacy_policy', route: 'routes/privacy_policy' },
  { url: '/terms_conditions', route: 'routes/terms_conditions' },
  { url: '/404', route: 'routes/404' },
  { url: '/login?redirectTo=:v', route: 'routes/login' },
  { url: '/registration', route: 'routes/registration' },
  { url: '/verify-notice', route: 'routes/verify-notice' },
  { url: '/verify-email?token=:v', route: 'routes/verify-email' },
  { url: '/password-reset-request', route: 'routes/password-reset-request' },
  { url: '/password-reset?token=:v', route: 'routes/password-reset' },
  { url: '/confirm-account-deletion?token=:v', route: 'routes/confirm-account-deletion' },
  { url: '/profile', route: 'routes/profile._index' },
  { url: '/profile/edit', route: 'routes/profile.edit' },
  { url: '/profile/transactions', route: 'routes/profile.transactions' },
  { url: '/profile/clips?poll=:v', route: 'routes/profile.clips' },
  { url: '/watch_library/:id', route: 'routes/watch_library.$id' },
  { url: '/watch_library/:id/download', route: 'routes/watch_library.$id_.download' },
  { url: '/watch_library/:id/delete', route: 'routes/watch_library.$id_.delete' },
  { url: '/share/:id/:uuid', route: 'routes/share.$id.$uuid' },
  { url: '/profile/payment-methods', route: 'routes/profile.payment-methods' },
  { url: '/forms/:alias?redirectTo=:v', route: 'routes/forms.$alias' },
  { url: '/my-games?show=:v&from=:v&to=:v&page=:v', route: 'routes/my-games' },
  { url: '/follow', route: 'routes/follow' },
  { url: '/my-games/calendar', route: 'routes/my-games_.calendar' },
  { url: '/calendar/:file', route: 'routes/calendar.$file' },
  { url: '/alerts', route: 'routes/alerts' },
  { url: '/alerts/unsubscribe/:token', route: 'routes/alerts_.unsubscribe.$token' },
  { url: '/logout', route: 'routes/logout' },
  { url: '/data-saver', route: 'routes/data-saver' },
  { url: '/consent', route: 'routes/consent' },
  { url: '/language', route: 'routes/language' },
  { url: '/i18n/:file', route: 'routes/i18n.$file' },
  { url: '/ad/:id', route: 'routes/ad.$id' },
  { url: '/operator/report?from=:v&to=:v', route: 'routes/operator.report' },
  { url: '/operator/report.csv?table=:v&from=:v&to=:v', route: 'routes/operator.report[.]csv' },
  { url: '/monitoring-check?error=:v', route: 'routes/monitoring-check' },
  { url: '/auth/:provider', route: 'routes/auth.$provider' },
  { url: '/auth/:provider/callback?code=:v&state=:v&iss=:v&error=:v', route: 'routes/auth.$provider.callback' },
  { url: '/:page', route: 'routes/$' },
  { url: '/:page/:page', route: 'routes/$' },
];

/** Remix's data requests: mostly none (a document), else the page's own route, the root, or a
 *  route id that does not match. */
const DATA_PARAMS = fc.oneof(
  { arbitrary: fc.constant(''), weight: 6 },
  { arbitrary: fc.constantFrom('own', 'own', 'root', 'routes/profile', 'nope', '__proto__'), weight: 4 },
);
const COOKIES = [
  '',
  '',
  '',
  '__session=garbage',
  '__session=e30%3D.bad',
  '__nav=%7B%22last%22%3A%22%2F%2Fevil%22%7D.x',
  `__session=${'a'.repeat(4000)}`,
  '__proto__=1; constructor=2',
  '__datasaver=on',
  '__datasaver=%00%ff; __datasaver=off',
];

const valueArb = fc.oneof(
  { arbitrary: hostileString(3000), weight: 5 },
  { arbitrary: fc.constantFrom(...OUT_OF_RANGE), weight: 3 },
  { arbitrary: fc.constantFrom('45', '1', 'live', 'grid', 'list', '2026-11-23', 'google', 'faq', 'lakeview', 'north', 'basketball', 'gym-1'), weight: 2 },
);

const caseArb = fc.record({
  page: fc.constantFrom(...PAGES),
  values: fc.array(valueArb, { minLength: 8, maxLength: 8 }),
  extra: fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'a[b]', '__proto__[x]', 'trk', '_data', 'index'), hostileString(200)), { maxLength: 2 }),
  data: DATA_PARAMS,
  cookie: fc.constantFrom(...COOKIES),
  signedIn: fc.boolean(),
});

/** Fills the slots: path slots percent-encoded as a browser would, query slots form-encoded. */
function urlOf(c: { page: { url: string; route: string }; values: string[]; extra: [string, string][]; data: string }): string {
  let i = 0;
  const next = () => c.values[i++ % c.values.length].replace(/[\ud800-\udfff]/g, '\ufffd');
  const [path, query] = c.page.url.split('?');
  // An empty segment would make '//…', a URL of another host to any client (raw targets: below).
  const filledPath = path.replace(/:(\w+)/g, () => encodeURIComponent(next()) || 'empty');
  const params = new URLSearchParams();
  for (const pair of (query ?? '').split('&').filter(Boolean)) params.append(pair.split('=')[0], next());
  for (const [k, v] of c.extra) params.append(k, v.replace(/[\ud800-\udfff]/g, '\ufffd'));
  if (c.data) params.set('_data', c.data === 'own' ? c.page.route : c.data);
  const qs = params.toString();
  return `${filledPath}${qs ? `?${qs}` : ''}`;
}

async function expectClean(label: string, status: number, body: string, key: string) {
  expect(status, label).toBeLessThan(500);
  expect(cleanBody(body), label).toEqual([]);
  expect(body.includes(key), `${label}: the channel key`).toBe(false);
  expect(API_KEY_SHAPE.test(body), `${label}: an api key`).toBe(false);
}

test.describe.configure({ mode: 'parallel' });

test('every route module is among the fuzzed pages (the /profile layout through its tabs)', () => {
  const covered = new Set(PAGES.map((p) => p.route.replace(/^routes\//, '')));
  expect(routeModules().filter((route) => !covered.has(route) && !PAGES.some((p) => p.route.startsWith(`routes/${route}.`)))).toEqual([]);
});

test('every page with hostile params, queries, cookies and _data: no 5xx, no leak (600 cases)', async () => {
  test.setTimeout(240_000);
  const key = await channelKey();
  const fan = await createVerifiedUser();
  const session = await sessionCookieFor(fan);
  const statuses: Record<string, number> = {};
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      const url = urlOf(c);
      const cookie = [c.signedIn ? `${session.name}=${session.value}` : '', c.cookie].filter(Boolean).join('; ');
      // Plain fetch: no cookie jar carries one case's session into the next.
      const res = await fetch(`${WEB_URL}${url}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      await expectClean(
        `GET ${url.slice(0, 300)} (${c.signedIn ? 'signed in' : 'visitor'}, cookie ${c.cookie.slice(0, 40)})`,
        res.status,
        await res.text(),
        key,
      );
    }),
    { seed: SEED, numRuns: 600, endOnFailure: true },
  );
  console.log(`[fuzz] pages: 600 requests, answers ${JSON.stringify(statuses)}`);
});

test('the request line: other methods, raw targets, bad Host and forwarded headers get a 4xx (300 cases)', async () => {
  test.setTimeout(180_000);
  const key = await channelKey();
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];
  const targets = [
    ...MEDIA_TRAVERSALS,
    '/watch/45/../../login',
    '/watch_embed/%2e%2e/login',
    '/%',
    '/%ZZ',
    '/a%00b',
    '/%c0%af',
    '//evil.example/',
    '/\\evil.example',
    '/login?redirectTo=%0d%0aX:y',
    '/?' + 'a=1&'.repeat(2000),
    `/${'a'.repeat(7000)}`,
    '*',
    'http://evil.example/',
    '/build/../server.ts',
    '/build/%2e%2e/%2e%2e/package.json',
    '/favicon.svg/..%2f..%2fpackage.json',
    '/sandbox/checkout/..%2f..%2fchannels%2fdemo.json',
    `/sandbox/checkout/cs_test_${'a'.repeat(30)}/../../../channels/demo.json`,
    '/sandbox/checkout/cs_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaa%00',
    '/sandbox/assets/../../get_api_key',
    '/stripe/webhook',
    '/sandbox/portal/..%2F..%2Fsandbox%2Fclock',
    '/sandbox/clock',
    `/sandbox/portal/${'a'.repeat(20)}.${'b'.repeat(43)}`,
    '/stripe/webhook/../../get_api_key',
    '/sandbox/add-card/..%2F..%2Fsandbox%2Fclock',
    `/sandbox/add-card/${'a'.repeat(20)}.${'b'.repeat(43)}`,
    `/sandbox/payment/pi_test_${'a'.repeat(30)}/authenticate`,
    '/sandbox/payment/pi_test_%2e%2e/authenticate',
    `/sandbox/payment/pi_test_${'a'.repeat(30)}/authenticate/../../../channels/demo.json`,
    // Signed links (ADR 029): an unsigned one naming a fan and an off-site return, a query the
    // proxy drops, the other page's prefix; Manage billing asked to return off-site.
    `/sandbox/portal/${Buffer.from(JSON.stringify({ p: 'portal', c: 1, u: 1, r: '//evil.example', e: 9e12 })).toString('base64url')}.${'A'.repeat(43)}`,
    `/sandbox/add-card/${'a'.repeat(20)}.${'b'.repeat(43)}?return_url=https://evil.example`,
    `/sandbox/add-card/${'a'.repeat(20)}.${'b'.repeat(43)}/../../portal/${'a'.repeat(20)}.${'b'.repeat(43)}`,
    '/billing?from=//evil.example',
    '/billing?from=https%3A%2F%2Fevil.example%2Fprofile',
    '/billing?from=/orders/1%2F..%2F..%2Flogin',
    '/billing?from=%2F%5Cevil.example',
  ];
  const headerSets: Record<string, string>[] = [
    {},
    { Host: 'a b' },
    { Host: '[::1' },
    { Host: 'localhost:99999' },
    { 'X-Forwarded-Host': 'evil.example', Origin: 'http://evil.example' },
    { 'X-Forwarded-Host': 'a b' },
    { 'X-Forwarded-Host': 'evil.example:99999, localhost', Origin: 'http://evil.example:99999' },
    { 'X-Forwarded-Host': '', 'X-Forwarded-Proto': 'https', Origin: 'https://evil.example' },
    { 'X-Forwarded-Proto': 'javascript' },
    { 'X-Forwarded-For': 'not-an-ip, 999.1.1.1' },
    // A proxy's country header (trusted in e2e: ADR 054): garbage, Cloudflare's unknown, a list.
    { 'CF-IPCountry': '<script>', 'X-Forwarded-For': '24.48.0.1' },
    { 'CF-IPCountry': 'XX, CA', 'X-Viewer-Country': 'ZZ' },
    { Origin: 'null' },
    { Origin: '' },
    { 'Content-Type': 'application/json', 'Content-Length': '2' },
    { 'Content-Length': 'abc' },
    { Accept: 'application/json' },
    { Range: 'bytes=999999999-' },
    { Cookie: '__session=%E0%A4%A' },
  ];
  const statuses: Record<string, number> = {};
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...methods), fc.constantFrom(...targets), fc.constantFrom(...headerSets), async (method, target, headers) => {
      const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const hdrs = { ...headers };
      if (withBody && !hdrs['Content-Length']) hdrs['Content-Length'] = '2';
      if (hdrs['Content-Length'] === '2') hdrs['Content-Type'] ??= 'application/x-www-form-urlencoded';
      let res;
      try {
        res = await rawRequest(method, target, { headers: hdrs, body: hdrs['Content-Length'] === '2' ? '{}' : undefined });
      } catch (error) {
        // Node's own HTTP parser may refuse the request outright (400 and close): not our 5xx.
        if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || (error as Error).message.includes('socket hang up')) return;
        throw error;
      }
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      await expectClean(`${method} ${target.slice(0, 200)} ${JSON.stringify(headers)}`, res.status, res.body, key);
    }),
    { seed: SEED, numRuns: 300, endOnFailure: true },
  );
  console.log(`[fuzz] request line: 300 requests, answers ${JSON.stringify(statuses)}`);
});

test('paid media through the web server with hostile grant cookies and paths: a 403, never the file, no 5xx (200 cases)', async () => {
  test.setTimeout(120_000);
  // Every UTF-8 byte %-escaped (a lone surrogate goes as U+FFFD, as a browser sends it).
  const escaped = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  const forged = `${Buffer.from(JSON.stringify({ s: 'vod/game-4', u: 1, k: 'x', i: 'e:1', x: 9e9 })).toString('base64url')}.${'A'.repeat(43)}`;
  const paths = [
    '/media/vod/game-4/master.m3u8',
    '/media/vod/game-5/360p_000.ts',
    '/media/vod/game-6/video.mp4',
    '/media/vod/game-7/captions.vtt',
    '/media/live/live-2/video.m3u8',
  ];
  const cookie = fc.oneof(hostileString(200).map(escaped), fc.constantFrom('', 'a.b', forged, `${forged}; __media_grant=${forged}`));
  const name = fc.constantFrom('__media_grant', '__Secure-media_grant', 'media_grant', '__session', '__media_grant ');
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...paths), name, cookie, async (path, n, value) => {
      const res = await fetch(`${WEB_URL}${path}`, { headers: { Cookie: `${n}=${value}` }, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
      const label = `GET ${path} with ${n}=${value.slice(0, 60)} → ${res.status}`;
      expect(res.status, label).toBe(403);
      expect(body, label).not.toMatch(/#EXTM3U|WEBVTT|ftyp/);
      expect(cleanBody(body), label).toEqual([]);
    }),
    { seed: SEED, numRuns: 200, endOnFailure: true },
  );
});
