import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median } from './median.ts';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../support/chromium.ts';

/* The first card figure of `npm run bench` (issue 23): how long a new visitor on a phone waits
   for the first event card of the home page, against the seed app's start-up — a single-page app
   that draws nothing before four round trips: its HTML shell, its scripts (React and the app),
   the api key, then the channel's bootstrap data and events. The SPA is a static copy of that
   start-up (spa/ in nginx's root, with the channel API's real answers of this run as JSON files);
   ours is the home page from the web server. Both in a new tab of Chromium (headless shell), cache
   empty, on emulated slow 4G: Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down,
   750 kbit/s up, applied per request the way DevTools does) — the figure — and once more
   with the CPU 4× slower as well (Lighthouse's phone), for the record. The card "arrives" at the
   first animation frame after an `article.event-card` enters the document. The median of five
   loads each, alternating. */

export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;
const RUNS = 5;
const CARD = 'article.event-card';

const SPA_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fieldhouse</title><link rel="stylesheet" href="app.css">
<script defer src="react.js"></script><script defer src="react-dom.js"></script><script defer src="app.js"></script>
</head>
<body><div id="root"><div class="splash" role="progressbar" aria-label="Loading">Loading…</div></div></body>
</html>
`;

// The seed's start-up: the api key, then the channel's bootstrap data and the events at once.
const SPA_APP = `(async () => {
  const json = (url) => fetch(url).then((r) => r.json());
  await json('api/key.json');
  const [bootstrap, events] = await Promise.all([json('api/bootstrap.json'), json('api/events.json')]);
  const h = React.createElement;
  const card = (e) => h('li', { key: e.id }, h('article', { className: 'card event-card' }, h('h3', null, e.name), h('p', null, e.stream_status)));
  ReactDOM.createRoot(document.getElementById('root')).render(
    h('main', null, h('h1', null, bootstrap.data ? 'Fieldhouse' : ''), h('ul', { className: 'event-list' }, events.data.map(card))),
  );
})();
`;

/** Writes the SPA's files into `dir` (served by nginx under /spa/). */
export function writeSpaCopy(dir: string, answers: { key: unknown; bootstrap: unknown; events: unknown }, appCss: string): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const files: Record<string, string | Buffer> = {
    'index.html': SPA_HTML,
    'app.css': appCss,
    'react.js': fs.readFileSync(path.join(root, 'node_modules/react/umd/react.production.min.js')),
    'react-dom.js': fs.readFileSync(path.join(root, 'node_modules/react-dom/umd/react-dom.production.min.js')),
    'app.js': SPA_APP,
    'api/key.json': JSON.stringify(answers.key),
    'api/bootstrap.json': JSON.stringify(answers.bootstrap),
    'api/events.json': JSON.stringify(answers.events),
  };
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return Object.keys(files).map((name) => path.join(dir, name));
}

export interface FirstCardRuns {
  /** Median ms from navigation start to the first card, and every run's. */
  oursMs: number;
  spaMs: number;
  ours: number[];
  spa: number[];
  /** How many times sooner ours arrives. */
  ratio: number;
}

export interface FirstCard {
  slow4g: FirstCardRuns;
  slow4gSlowCpu: FirstCardRuns;
}

export async function firstCardBench(urls: { ours: string; spa: string }): Promise<FirstCard | null> {
  if (!fs.existsSync(HEADLESS_SHELL_PATH)) return null;
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  const once = async (url: string, cpuSlowdown: number) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(`window.__firstCard = new Promise((resolve) => {
      const found = () => document.querySelector(${JSON.stringify(CARD)});
      const observer = new MutationObserver(() => {
        if (!found()) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      observer.observe(document, { childList: true, subtree: true });
    });`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await page.evaluate(() => (window as unknown as { __firstCard: Promise<number> }).__firstCard);
    await context.close();
    return Math.round(ms);
  };
  const runs = async (cpuSlowdown: number): Promise<FirstCardRuns> => {
    const ours: number[] = [];
    const spa: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await once(urls.ours, cpuSlowdown));
      spa.push(await once(urls.spa, cpuSlowdown));
    }
    const [oursMs, spaMs] = [median(ours), median(spa)];
    return { oursMs, spaMs, ours, spa, ratio: Number((spaMs / oursMs).toFixed(2)) };
  };
  try {
    // One load each first: Chromium's own start-up is not the page's.
    await once(urls.ours, 1);
    await once(urls.spa, 1);
    return { slow4g: await runs(1), slow4gSlowCpu: await runs(CPU_SLOWDOWN) };
  } finally {
    await browser.close();
  }
}
