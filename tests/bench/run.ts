/* `npm run bench` (after `npm run build`): figures for the issue's targets, not pass/fail.
   Starts the production server (embedded channel API, fresh temp DATA_DIR) and measures:
   - home-page SSR requests/s beside the same HTML served as a static file by the same Express
     (written under public/, removed afterwards), and their ratio (target ≥ 0.4);
   - gzip (level 9) bytes of every JS response on `/` (target ≤ 90 KB) and `/watch/{id}`;
   - upstream channel calls per page view after warm-up (target ≤ 2), from /healthz.
   Writes tests/bench/results.json. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

const CONNECTIONS = 20;
const DURATION_S = 10;
const root = path.resolve(import.meta.dirname, '../..');
const staticDir = path.join(root, 'public', '__bench');

if (!fs.existsSync(path.join(root, 'build', 'index.js'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-'));

const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SENTRY_DSN: '' };
delete env.CHANNEL_API_URL; // the embedded channel API
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['--import', './instrument.server.mjs', '--import', 'tsx', 'server.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let channelApiUrl = '';
server.stdout.on('data', (chunk: Buffer) => {
  const m = /Channel API \(embedded\) at (\S+)/.exec(chunk.toString());
  if (m) channelApiUrl = m[1];
});

const cleanup = () => {
  fs.rmSync(staticDir, { recursive: true, force: true });
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

async function waitUp() {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const channelCalls = async () => ((await (await fetch(`${base}/healthz`)).json()) as { channelCalls: number }).channelCalls;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx || result.errors) console.warn(`  ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, ok: result['2xx'] };
}

async function freeFinishedEventId(): Promise<number> {
  const cfg = (await (await fetch(`${channelApiUrl}/channels/demo.json`)).json()) as { channel_key: string };
  const keyRes = await fetch(`${channelApiUrl}/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: cfg.channel_key }),
  });
  const apiKey = ((await keyRes.json()) as { data: { api_key: string } }).data.api_key;
  const events = (await (await fetch(`${channelApiUrl}/events?stream_status=finished&limit=100&api_key=${apiKey}`)).json()) as {
    data: { id: number; type: string }[];
  };
  const free = events.data.find((e) => e.type !== 'paid');
  if (!free) throw new Error('no finished free event');
  return free.id;
}

async function jsBytes(urls: string[]) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const out: Record<string, { files: number; raw: number; gzip: number }> = {};
  try {
    for (const url of urls) {
      const page = await browser.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
      const all = await Promise.all(bodies);
      out[url] = {
        files: all.length,
        raw: all.reduce((n, b) => n + b.length, 0),
        gzip: all.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
      };
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

try {
  console.log(`Starting the server on ${base} (embedded channel API, data in ${dataDir})…`);
  await waitUp();
  const eventId = await freeFinishedEventId();

  // A returning visitor: the session cookie (which holds the api key) from a first visit. The
  // home page needs no api key of the visitor's (its content is shared), so the key is minted by a
  // page that needs one: the watch page (access and geo are per viewer).
  const first = await fetch(`${base}/watch/${eventId}`);
  await first.text();
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const returning: Record<string, string> = cookie ? { cookie } : {};

  // Warm-up: caches, JIT.
  await autocannon({ url: `${base}/`, connections: 4, duration: 3, headers: returning });
  await (await fetch(`${base}/watch/${eventId}`, { headers: returning })).text();

  // Upstream calls per page view after warm-up, one view at a time: a returning visitor, and a
  // first visit (no cookie, so the server also fetches an api key for the new session).
  const perView: Record<string, number> = {};
  for (const url of ['/', `/watch/${eventId}`, '/upcoming']) {
    for (const [who, headers] of [
      ['returning', returning],
      ['first visit', {}],
    ] as [string, Record<string, string>][]) {
      const before = await channelCalls();
      await (await fetch(`${base}${url}`, { headers })).text();
      perView[`${url} (${who})`] = (await channelCalls()) - before;
    }
  }

  console.log(`SSR: autocannon ${CONNECTIONS} connections, ${DURATION_S} s on / (returning visitor) …`);
  const callsBefore = await channelCalls();
  const ssr = await load(`${base}/`, returning);
  const callsPerViewUnderLoad = ((await channelCalls()) - callsBefore) / Math.max(1, ssr.ok);
  console.log(`SSR: the same without a cookie (every request a first visit) …`);
  const ssrFirstVisit = await load(`${base}/`);

  const html = await (await fetch(`${base}/`)).text();
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'home.html'), html);
  console.log('Static: the same HTML from public/ …');
  const stat = await load(`${base}/__bench/home.html`);

  console.log('JavaScript bytes (Chromium) …');
  const js = await jsBytes(['/', `/watch/${eventId}`]);

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    load: { connections: CONNECTIONS, durationSeconds: DURATION_S },
    ssrHome: ssr,
    ssrHomeFirstVisits: ssrFirstVisit,
    staticHome: stat,
    ssrToStaticRatio: Number((ssr.rps / stat.rps).toFixed(3)),
    javascript: js,
    channelCallsPerPageView: perView,
    channelCallsPerHomeViewUnderLoad: Number(callsPerViewUnderLoad.toFixed(3)),
    targets: { ratio: '>= 0.4', homeJsGzip: '<= 90 KB', channelCallsPerView: '<= 2' },
  };
  fs.writeFileSync(path.join(import.meta.dirname, 'results.json'), JSON.stringify(results, null, 2) + '\n');

  const rows: [string, string, string][] = [
    ['SSR / requests/s', `${ssr.rps} (p50 ${ssr.p50} ms, p99 ${ssr.p99} ms)`, ''],
    ['SSR / requests/s, no cookie', `${ssrFirstVisit.rps} (p50 ${ssrFirstVisit.p50} ms, p99 ${ssrFirstVisit.p99} ms)`, ''],
    ['static / requests/s', `${stat.rps} (p50 ${stat.p50} ms, p99 ${stat.p99} ms)`, ''],
    ['SSR / static ratio', results.ssrToStaticRatio.toFixed(2), '≥ 0.4'],
    ['JS on / (gzip 9)', `${kb(js['/'].gzip)} in ${js['/'].files} files (${kb(js['/'].raw)} raw)`, '≤ 90 KB'],
    [`JS on /watch/${eventId} (gzip 9)`, `${kb(js[`/watch/${eventId}`].gzip)} in ${js[`/watch/${eventId}`].files} files`, ''],
    ...Object.entries(perView).map(([url, n]): [string, string, string] => [`channel calls, one view of ${url}`, String(n), '≤ 2']),
    ['channel calls per / view under load (returning)', results.channelCallsPerHomeViewUnderLoad.toFixed(2), '≤ 2'],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  const v = Math.max(...rows.map((r) => r[1].length));
  console.log(`\n${'measure'.padEnd(w)}  ${'value'.padEnd(v)}  target`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w)}  ${b.padEnd(v)}  ${c}`);
  console.log('\nWritten to tests/bench/results.json');
} finally {
  const exited = server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once('exit', r));
  cleanup();
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
