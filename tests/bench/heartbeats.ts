import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { post, visitorKey } from './commerce.ts';
import { startChannelApi } from '../../channel-api/server.ts';

/* Heartbeat ingestion on PostgreSQL (issue 35, ADR 049), for `npm run bench` (analytics.ts): a
   channel API on PostgreSQL takes players' heartbeats (30 s watched, one stream, VISITORS visitors
   in turn, so each lands on its visitor's view) as the web server sends them, batches of
   DATALAKE_BATCH_MAX on CONCURRENCY connections, and one heartbeat per call. Needs a PostgreSQL:
   TEST_DATABASE_URL, else a throw-away cluster made by scripts/with-postgres.sh. */

const VISITORS = 10_000;
const CONCURRENCY = 8;
const BATCH = 100;

export interface HeartbeatFigures {
  postgres: string;
  /** Heartbeats stored per second, sent in batches of BATCH. */
  batchedPerSecond: number;
  /** Heartbeats stored per second, one call each. */
  singlePerSecond: number;
  views: number;
}

const beat = (i: number) => ({
  stream_id: 'live/live-1',
  seconds: 30,
  source: 'player',
  ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  user_agent: 'Mozilla/5.0 (bench)',
});

async function during(seconds: number, work: (n: number) => Promise<number>): Promise<number> {
  let done = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) done += await work(next++);
    }),
  );
  return Math.round(done / ((performance.now() - started) / 1000));
}

/** Measures on the PostgreSQL at `databaseUrl`. */
export async function measureHeartbeats(databaseUrl: string, seconds: number): Promise<HeartbeatFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-heartbeats-'));
  const channel = await startChannelApi({ port: 0, host: '127.0.0.1', dataDir, databaseUrl, logger: false, publicUrl: 'http://fieldhouse.bench' });
  try {
    const key = await visitorKey(channel.url);
    const version = String(((await channel.db.execute(sql`show server_version`)).rows[0] as { server_version: string }).server_version);
    const batchedPerSecond = await during(seconds, async (n) => {
      const views = Array.from({ length: BATCH }, (_, k) => beat((n * BATCH + k) % VISITORS));
      await post(channel.url, '/datalake/video/viewings/', { views, api_key: key });
      return BATCH;
    });
    const singlePerSecond = await during(seconds, async (n) => {
      await post(channel.url, '/datalake/video/viewing/', { ...beat(n % VISITORS), api_key: key });
      return 1;
    });
    const views = Number(((await channel.db.execute(sql`select count(*)::int as n from video_views`)).rows[0] as { n: number }).n);
    return { postgres: version, batchedPerSecond, singlePerSecond, views };
  } finally {
    await channel.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** On TEST_DATABASE_URL, or in a child run under scripts/with-postgres.sh (a cluster of its own). */
export async function heartbeatsBench(seconds: number): Promise<HeartbeatFigures> {
  if (process.env.TEST_DATABASE_URL) return measureHeartbeats(process.env.TEST_DATABASE_URL, seconds);
  const root = path.resolve(import.meta.dirname, '../..');
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      'bash',
      ['scripts/with-postgres.sh', process.execPath, '--import', 'tsx', 'tests/bench/heartbeats.ts', String(seconds)],
      { cwd: root, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`heartbeats on PostgreSQL: ${stderr || error.message}`)) : resolve(stdout)),
    ),
  );
  return JSON.parse(out.trim().split('\n').pop()!) as HeartbeatFigures;
}

// Run by heartbeatsBench under with-postgres.sh: the figures as the last line of output.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await measureHeartbeats(process.env.TEST_DATABASE_URL!, Number(process.argv[2] ?? 8));
  console.log(JSON.stringify(figures));
}
