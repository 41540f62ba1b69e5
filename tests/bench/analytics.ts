import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { heartbeatsBench, type HeartbeatFigures } from './heartbeats.ts';
import { linkSharedMedia } from '../support/media-cache.ts';
import { SERVER_NODE_ARGS } from '../support/server-command.ts';

/* The analytics figures of `npm run bench` (issue 35, ADR 049), called by run.ts:
   - a page with the web server's analytics on against off (ANALYTICS=on|off): two web servers on
     one channel API (a process of its own on PGlite, the demo channel, so the load generator shares
     no process with what it stores), the same load on each in turn, twice —
     `/` as most visitors get it (the microcache) and `/upcoming?…` rendered on every request; the
     ratio on/off (aim ≥ 0.95), and the page views the channel stored meanwhile;
   - heartbeat ingestion per second on PostgreSQL (heartbeats.ts). */

const CONNECTIONS = 20;

export interface PageRatio {
  offRps: number;
  onRps: number;
  ratio: number;
}

export interface AnalyticsFigures {
  home: PageRatio;
  rendered: PageRatio;
  /** Page views the channel stored from the analytics-on server's load. */
  pageViewsStored: number;
  heartbeats: HeartbeatFigures | { skipped: string };
}

async function webServer(channelApiUrl: string, port: number, analytics: 'on' | 'off'): Promise<{ base: string; stop(): Promise<void> }> {
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      CHANNEL_API_URL: channelApiUrl,
      SENTRY_DSN: '',
      ANALYTICS: analytics,
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`web server (analytics ${analytics}) did not start`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, stop };
}

async function rps(url: string, seconds: number, fresh: boolean): Promise<number> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: fresh ? [{ setupRequest: (req) => ({ ...req, path: `${new URL(url).pathname}?bench=${n++}` }) }] : undefined,
  });
  if (result.non2xx || result.errors) console.warn(`  ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** The best of two turns each, off and on alternating, so a busy moment hits both alike. */
async function ratio(off: string, on: string, seconds: number, fresh: boolean): Promise<PageRatio> {
  let [offRps, onRps] = [0, 0];
  for (let turn = 0; turn < 2; turn++) {
    offRps = Math.max(offRps, await rps(off, seconds, fresh));
    onRps = Math.max(onRps, await rps(on, seconds, fresh));
  }
  return { offRps: Math.round(offRps), onRps: Math.round(onRps), ratio: Number((onRps / offRps).toFixed(3)) };
}

/** The channel API as `npm run start:channel-api` runs it, on PGlite in `dataDir`. */
async function channelApi(dataDir: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'channel-api/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, CHANNEL_API_PORT: String(port), CHANNEL_API_HOST: '127.0.0.1', DATA_DIR: dataDir, SENTRY_DSN: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${url}/channels/demo.json`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('the channel API did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}

/** Page views the channel holds of the load generator's visitor (autocannon: this address, no agent). */
async function pageViewsOf(channelUrl: string): Promise<number> {
  const config = (await (await fetch(`${channelUrl}/channels/demo.json`)).json()) as { channel_key: string };
  const keyRes = await fetch(`${channelUrl}/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: config.channel_key }),
  });
  const key = ((await keyRes.json()) as { data: { api_key: string } }).data.api_key;
  const hash = ((await (await fetch(`${channelUrl}/datalake/hash/?api_key=${key}&ip=127.0.0.1`)).json()) as { data: { hash: string } }).data.hash;
  const records = (await (await fetch(`${channelUrl}/ops/analytics?visitor=${hash}`)).json()) as { data: { events: { name: string; count: number }[] } };
  // A visitor's repeats within a batch are one row with their count.
  return records.data.events.filter((e) => e.name === 'page_view').reduce((n, e) => n + e.count, 0);
}

export async function analyticsBench(opts: { seconds: number; ports: [number, number, number] }): Promise<AnalyticsFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-analytics-'));
  await linkSharedMedia(dataDir);
  const channel = await channelApi(dataDir, opts.ports[2]);
  const servers: { stop(): Promise<void> }[] = [channel];
  try {
    const off = await webServer(channel.url, opts.ports[0], 'off');
    servers.push(off);
    const on = await webServer(channel.url, opts.ports[1], 'on');
    servers.push(on);
    for (const base of [off.base, on.base]) await fetch(`${base}/`).then((r) => r.text());
    const before = await pageViewsOf(channel.url);
    const home = await ratio(`${off.base}/`, `${on.base}/`, opts.seconds, false);
    const rendered = await ratio(`${off.base}/upcoming`, `${on.base}/upcoming`, opts.seconds, true);
    // What the analytics-on server queued goes out within a batch interval.
    await new Promise((r) => setTimeout(r, 3_000));
    const pageViewsStored = (await pageViewsOf(channel.url)) - before;
    const heartbeats = await heartbeatsBench(opts.seconds).catch((error: Error) => ({ skipped: error.message.split('\n')[0] }));
    return { home, rendered, pageViewsStored, heartbeats };
  } finally {
    for (const s of servers.reverse()) await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The rows run.ts prints: measure, value, target. */
export function analyticsRows(f: AnalyticsFigures): [string, string, string][] {
  const pair = (r: PageRatio) => `${r.ratio} (${r.onRps} / ${r.offRps} req/s)`;
  const beats = f.heartbeats;
  return [
    ['/ with analytics on / off (microcache; page views recorded)', pair(f.home), '≥ 0.95'],
    ['/upcoming rendered, analytics on / off', pair(f.rendered), '≥ 0.95'],
    ['page views stored from that load', String(f.pageViewsStored), ''],
    'skipped' in beats
      ? ['heartbeat ingestion on PostgreSQL', `skipped: ${beats.skipped}`, '']
      : [
          `heartbeats stored per second, PostgreSQL ${beats.postgres} (batches of 100 / one a call)`,
          `${beats.batchedPerSecond} / ${beats.singlePerSecond}`,
          '',
        ],
  ];
}
