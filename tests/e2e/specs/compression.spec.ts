/* Every byte compressed once (ADR 031): a page every anonymous visitor shares is sent from the
   microcache in the encoding it was compressed in when kept; the build's scripts as the build wrote
   them (.br, .gz); a fan's own pages and data requests per request. Whatever the path, each
   Accept-Encoding gets what it asked for, and the same bytes once decoded. */
import zlib from 'node:zlib';
import { createVerifiedUser, sessionCookieFor } from '../support/accounts.ts';
import { finishedEvent } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { rawRequest, type RawResponse } from '../support/raw-http.ts';

/** What browsers send, one that refuses Brotli, one that takes only gzip, and none. */
const ASKED: [string | undefined, string | undefined][] = [
  ['gzip, deflate, br', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0', undefined],
  [undefined, undefined],
];

const get = (target: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  rawRequest('GET', target, { headers: { ...headers, ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }) } });

function decoded(res: RawResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.bytes);
  if (encoding === 'gzip') return zlib.gunzipSync(res.bytes);
  expect(encoding, 'no other encoding').toBeUndefined();
  return res.bytes;
}

test('a shared page comes from the microcache in each encoding asked for, the same page once decoded, without COOP', async () => {
  const pages = ['/', '/upcoming', `/watch/${(await finishedEvent('free')).id}`];
  for (const url of pages) {
    // Kept (from its second request), compressed once (in the thread pool), then sent so: every
    // answer of one round comes from the same stored copy (the e2e server keeps pages for 2 s).
    await expect(async () => {
      const answers = [];
      for (const [asked, encoding] of ASKED) {
        const res = await get(url, asked);
        expect(res.status).toBe(200);
        expect(res.headers['x-microcache'], `${url}: ${res.headers['cache-control']}`).toBe('hit');
        expect(res.headers['content-encoding'], `${url} for ${asked}`).toBe(encoding);
        expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
        // A watch page is kept per region by the server only: private to a CDN, so no Cookie or Save-Data.
        expect(res.headers.vary).toBe(url.startsWith('/watch/') ? 'Accept-Encoding' : 'Cookie, Save-Data, Accept-Encoding');
        expect(res.headers['cross-origin-opener-policy'], 'a public page opens in any process').toBeUndefined();
        // Served before the security headers' middleware (servedFromMicrocache), with those it was kept with.
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
        expect(res.headers['ratelimit'], "no other request's rate-limit count").toBeUndefined();
        answers.push(res);
      }
      const [first, ...others] = answers;
      for (const other of others) {
        expect(decoded(other).equals(decoded(first)), `${url}: the same bytes`).toBe(true);
        expect(other.headers['content-security-policy'], 'the same hashes').toBe(first.headers['content-security-policy']);
        expect(other.headers['cache-control']).toBe(first.headers['cache-control']);
      }
      expect(decoded(first).toString()).toContain('</html>');
    }).toPass({ timeout: 20_000 });
  }
});

test("a fan's own page and a data request are compressed per request; private pages keep COOP", async () => {
  const fan = await createVerifiedUser();
  const { name, value } = await sessionCookieFor(fan);
  const cookie = { Cookie: `${name}=${value}` };
  for (const [asked, encoding] of ASKED) {
    const page = await get('/profile', asked, cookie);
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding'], `/profile for ${asked}`).toBe(encoding);
    expect(page.headers['x-microcache']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(decoded(page).toString()).toContain(fan.email);
    const data = await get('/upcoming?_data=routes%2Fupcoming', asked);
    expect(data.headers['content-type']).toMatch(/^application\/json/);
    expect(data.headers['content-encoding'], `data for ${asked}`).toBe(encoding);
    expect(JSON.parse(decoded(data).toString())).toHaveProperty('cards');
  }
  expect((await get('/login', 'br')).headers['cross-origin-opener-policy'], 'a page with a form keeps COOP').toBe('same-origin');
});

test("the build's scripts come as the build compressed them, with an ETag each, cached for a year, and byte ranges", async () => {
  const home = decoded(await get('/', 'gzip')).toString();
  const scripts = [...home.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(3);
  const sizes = await Promise.all(scripts.map(async (url) => [url, (await get(url)).bytes.length] as const));
  const [largest] = sizes.sort((a, b) => b[1] - a[1])[0];
  const etags = new Set<string>();
  let identity: Buffer | null = null;
  for (const [asked, encoding] of ASKED) {
    const res = await get(largest, asked);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding'], `${largest} for ${asked}`).toBe(encoding);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
    identity ??= decoded(res);
    expect(decoded(res).equals(identity)).toBe(true);
    etags.add(String(res.headers.etag));
  }
  expect(etags.size, 'identity, gzip and Brotli each have their own ETag').toBe(3);

  const br = await get(largest, 'br');
  expect((await get(largest, 'br', { 'If-None-Match': String(br.headers.etag) })).status).toBe(304);
  const part = await get(largest, 'br', { Range: 'bytes=0-99' });
  expect(part.status).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 0-99/${br.bytes.length}`);
  expect(part.bytes.equals(br.bytes.subarray(0, 100))).toBe(true);
  expect((await get(largest, 'br', { Range: `bytes=${br.bytes.length + 1}-` })).status).toBe(416);
});

test('a browser gets the page and its scripts in Brotli', async ({ page, javaScriptEnabled }) => {
  const scripts: Promise<{ url: string; encoding: string | undefined; size: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push(res.allHeaders().then(async (h) => ({ url: res.url(), encoding: h['content-encoding'], size: (await res.body()).length })));
  });
  const res = await page.goto('/');
  expect((await res!.allHeaders())['content-encoding']).toBe('br');
  await expect(page.getByRole('heading', { name: 'Live now' })).toBeVisible();
  if (javaScriptEnabled) {
    await page.waitForLoadState('load');
    await expect.poll(() => scripts.length).toBeGreaterThan(3);
    for (const s of await Promise.all(scripts)) expect(s.encoding ?? (s.size < 1024 ? 'small' : 'none'), s.url).toMatch(/^(br|small)$/);
  } else expect(scripts).toHaveLength(0);
});
