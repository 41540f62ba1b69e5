import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { heartbeatsBench, type HeartbeatFigures } from './heartbeats.ts';
import { measurePair, pairText, type PairFigures } from './page-pair.ts';
import { linkSharedMedia } from '../support/media-cache.ts';
import { SERVER_NODE_ARGS } from '../support/server-command.ts';

/* The analytics figures of `npm run bench` (issue 35, ADR 049), called by run.ts:
   - a page with the web server's analytics on against off (ANALYTICS=on|off): two web servers on
     one channel API (a process of its own on PGlite, the demo channel, so the load generator shares
     no process with what it stores), the same load on each in turn (page-pair.ts) — `/` as most
     visitors get it (the microcache) and `/upcoming?…` rendered on every request: the web server's
     CPU per page off over on (aim ≥ 0.95), and the page views the channel stored meanwhile;
   - heartbeat ingestion per second on PostgreSQL (heartbeats.ts). */

export interface AnalyticsFigures {
  /** A is analytics off, B on. */
  home: PairFigures;
  rendered: PairFigures;
  /** Page views the channel stored from the analytics-on server's load. */
  pageViewsStored: number;
  heartbeats: HeartbeatFigures | { skipped: string };
}

async function webServer(
  channelApiUrl: string,
  port: number,
  analytics: 'on' | 'off',
): Promise<{ base: string; pid: number | undefined; stop(): Promise<void> }> {
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
  return { base, pid: proc.pid, stop };
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
    const side = (server: { base: string; pid: number | undefined }, pagePath: string) => ({ url: `${server.base}${pagePath}`, pid: server.pid });
    const home = await measurePair(side(off, '/'), side(on, '/'), { seconds: opts.seconds, fresh: false });
    const rendered = await measurePair(side(off, '/upcoming'), side(on, '/upcoming'), { seconds: opts.seconds, fresh: true });
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
  const beats = f.heartbeats;
  return [
    ['/ with analytics on / off (microcache; page views recorded)', pairText(f.home), '≥ 0.95'],
    ['/upcoming rendered, analytics on / off', pairText(f.rendered), '≥ 0.95'],
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
