/* The `test` every spec uses. On top of Playwright's own it:
   - runs axe (WCAG 2.2 AA tags) on every page a test visits: after each `page.goto`, wherever
     the test calls `checkA11y()`, and on the page a test ends on; any violation fails the test;
   - checks that every page it scans has a meta description;
   - reads every HTML, script and JSON body the browser receives from the web app and fails the
     test if one holds the channel key or anything shaped like an api key.
   axe needs JavaScript to run, so in the no-js project the page's HTML (scripts removed,
   <noscript> unwrapped: what a browser without JS shows) is replayed in a JS-enabled page of the
   worker (support/axe.ts) and scanned there, with the app's real CSS. A page whose markup was
   already scanned in this worker is not scanned again: its findings are asserted again (scanKey).
   Pages of the e2e site are scanned, and those of a second site a spec names (scanPagesOf). */
import crypto from 'node:crypto';
import { test as base, expect, type Page, type Response, type TestInfo } from '@playwright/test';
import { axeViolations, openReplay, type Replay } from './axe.ts';
import { channelKey } from './channel.ts';
import { WEB_URL } from './urls.ts';

export { expect };

/** The channel API's api keys are 24 random bytes in base64url: 32 characters. A run of exactly
 *  32 such characters mixing digits, lower and upper case is taken for one. */
export const API_KEY_SHAPE = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/;

let knownChannelKey: string | undefined;

/** What a browser without JavaScript renders from this HTML. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<\/?noscript>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

const scanners = new WeakMap<Page, () => Promise<void>>();

/** The origins whose pages are scanned: the e2e site's, and a spec's second site (second-site.ts). */
const scannedOrigins = new Set([new URL(WEB_URL).origin]);

/** Scans the pages of `origin` too (a spec's second site), as those of the e2e site. */
export function scanPagesOf(origin: string): void {
  scannedOrigins.add(new URL(origin).origin);
}

/** The content of the document head's meta description (React renders `name` before `content`). */
export function metaDescription(html: string): string | null {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const tag = /<meta\b[^>]*\bname="description"[^>]*>/i.exec(head)?.[0];
  const content = tag && /\bcontent="([^"]*)"/i.exec(tag)?.[1];
  return content
    ? content
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, '&')
    : null;
}

/** The document of a page without JavaScript. One that refreshes itself (the order page while a
 *  payment is confirmed) is always navigating: its HTML is then asked again, with the page's
 *  cookies, which is what the browser is about to render. */
async function settledContent(page: Page): Promise<string> {
  try {
    return await page.content();
  } catch (error) {
    if (!String(error).includes('navigating')) throw error;
    return (await page.request.get(page.url())).text();
  }
}

/** axe's findings by markup, in this worker. Two visits of pages with the same markup get the same
 *  findings, so the markup is scanned once and every visit asserts the result. The key leaves out
 *  what changes from visit to visit and cannot change a finding: scripts (their data: the fan's
 *  e-mail, tokens), the values of hidden inputs (the CSRF token, an idempotency key, where to go
 *  back to), where links and forms lead (not to `#…`: a skip link's target counts; a stylesheet's
 *  link stays), e-mail addresses and digits (a countdown's seconds, ids, times). So the page's URL
 *  is not in it: /orders/4 and /orders/7, or /login with another redirectTo, are one markup. A
 *  page seen with JavaScript and the same markup without are scanned apart (whoops.spec.ts runs
 *  both in one worker). */
const scanResults = new Map<string, string[]>();

export function scanKey(html: string, jsOn: boolean): string {
  const markup = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<input\b[^>]*>/gi, (input) => (/\btype="hidden"/i.test(input) ? input.replace(/\svalue="[^"]*"/i, '') : input))
    .replace(/(<a\b[^>]*?\shref=")(?!#)[^"]*"/gi, '$1"')
    .replace(/(<form\b[^>]*?\saction=")[^"]*"/gi, '$1"')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, 'e@x')
    .replace(/\d+/g, '0');
  return `${jsOn ? 'js' : 'no-js'} ${crypto.createHash('sha256').update(markup).digest('base64')}`;
}

/** A /media answer that is text (a playlist, captions, an error body): where a leaked key would show. */
const isMediaText = (res: Response) =>
  new URL(res.url()).pathname.startsWith('/media/') && !/^(video|audio|image\/(?!svg))/.test(res.headers()['content-type'] ?? '');

/** Every HTML, script and JSON body the web app sends this page (redirects have none), and every
 *  text answer of /media (playlists and captions the player fetches, with JavaScript or without). */
export function collectBodies(page: Page): { stop(): Promise<{ url: string; text: string }[]> } {
  const bodies: Promise<{ url: string; text: string }>[] = [];
  const onResponse = (res: Response) => {
    if (!res.url().startsWith(WEB_URL)) return;
    if (!['document', 'script', 'fetch', 'xhr'].includes(res.request().resourceType()) && !isMediaText(res)) return;
    if (res.status() >= 300 && res.status() < 400) return;
    bodies.push(
      res.text().then(
        (text) => ({ url: res.url(), text }),
        () => ({ url: res.url(), text: '' }),
      ),
    );
  };
  page.on('response', onResponse);
  return {
    stop: () => {
      page.off('response', onResponse);
      return Promise.all(bodies);
    },
  };
}

type Fixtures = {
  /** Scan the page as it is now (once per URL in a test). */
  checkA11y: () => Promise<void>;
};

type WorkerFixtures = {
  /** Where pages seen without JavaScript are scanned: opened on the worker's first such scan. */
  replay: () => Promise<Replay>;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  replay: [
    async ({ browser }, provide) => {
      let opened = null as Promise<Replay> | null;
      await provide(() => (opened ??= openReplay(browser)));
      if (opened) await (await opened).close();
    },
    { scope: 'worker' },
  ],

  page: async ({ page, javaScriptEnabled, reducedMotion, viewport, replay }, provide, testInfo) => {
    const jsOn = javaScriptEnabled !== false;
    // Each test scans what it visits, so a result never depends on which tests ran before.
    const scannedUrls = new Set<string>();

    const scan = async () => {
      // A page reached by a form or a link may still be arriving when its URL has changed: scan
      // the whole document, never a half-parsed one.
      await page.waitForLoadState('load');
      const url = page.url();
      if (!scannedOrigins.has(new URL(url).origin)) return;
      if (scannedUrls.has(url)) return;
      scannedUrls.add(url);
      // What axe sees: the live page with JavaScript, or what a browser without it renders.
      const html = jsOn ? await page.content() : withoutScripts(await settledContent(page));
      const key = scanKey(html, jsOn);
      let summary = scanResults.get(key);
      if (!summary) {
        // Without JavaScript, axe (a script) runs on a replay of the HTML as the browser rendered it.
        summary = jsOn ? await axeViolations(page) : await (await replay()).violations(html, { viewport, reducedMotion });
        scanResults.set(key, summary);
      }
      expect.soft(summary, `axe violations on ${url}`).toEqual([]);
      // Every page says what it is to search results and link previews (read from the document
      // scanned: a page refreshing itself has no stable DOM to ask).
      expect.soft(metaDescription(html)?.trim(), `a meta description on ${url}`).toBeTruthy();
    };

    // Scan after every navigation the test makes with goto.
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const res = await goto(...args);
      await scan();
      return res;
    };
    scanners.set(page, scan);

    const bodies = collectBodies(page);

    await provide(page);

    if (!page.isClosed() && testInfo.status === testInfo.expectedStatus) await scan();
    await expectNoSecrets(await bodies.stop(), testInfo);
  },

  checkA11y: async ({ page }, provide) => {
    await provide(() => scanners.get(page)!());
  },
});

async function expectNoSecrets(bodies: { url: string; text: string }[], testInfo: TestInfo) {
  knownChannelKey ??= await channelKey().catch(() => undefined);
  const leaks: string[] = [];
  for (const { url, text } of bodies) {
    if (knownChannelKey && text.includes(knownChannelKey)) leaks.push(`${url}: contains the channel key`);
    const m = API_KEY_SHAPE.exec(text);
    if (m) leaks.push(`${url}: contains "${m[0]}" (shaped like an api key) in …${text.slice(Math.max(0, m.index - 40), m.index + 72)}…`);
  }
  if (leaks.length) await testInfo.attach('secrets', { body: leaks.join('\n') });
  expect.soft(leaks, 'no channel key or api key in any page, script or JSON the browser received').toEqual([]);
}
