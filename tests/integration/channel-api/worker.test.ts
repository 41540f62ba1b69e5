import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { api, type Clip } from '#contract';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';
import { clipper, finishedGameId } from '../support/clips.ts';

/* A channel API with WORK_JOBS=false sends jobs and works none; the queue worker process
 * (`npm run start:worker`, channel-api/worker.ts; ADR 059) works them from the same PostgreSQL,
 * answers /healthz, and exits 0 on SIGTERM. On PGlite a worker refuses to start. */

const game = { finished: 0 };
const {
  server,
  http: client,
  acc,
} = apiForThisFile({ workJobs: false, jobs: { pollSeconds: 0.5 } }, async ({ server }) => {
  game.finished = await finishedGameId(server.db);
});

async function clipsOf(key: string): Promise<Clip[]> {
  const res = await client.request('GET', '/clips/user', { query: { api_key: key } });
  expect(res.status, res.text).toBe(200);
  return api.clipsUser.response.parse(res.json).data;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'channel-api/worker.ts'], {
    env: { ...process.env, SENTRY_DSN: '', CHANNEL_API_HOST: '127.0.0.1', JOB_POLL_SECONDS: '0.5', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

describe(`a queue worker beside a channel API with WORK_JOBS=false (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses to start without DATABASE_URL, saying why', async () => {
    const worker = startWorker({ DATABASE_URL: '', DATA_DIR: server.dataDir, WORKER_PORT: '0' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('worker: DATABASE_URL is required');
  });

  it(onPostgres ? 'leaves a clip queued in the API, and the worker makes it' : 'leaves a clip queued: the API works no job', async () => {
    const fan = await clipper(acc, server.db);
    const res = await client.request('POST', '/clip', {
      body: { api_key: fan.key, event_id: game.finished, name: 'Worked elsewhere', start_time: 2, duration: 4, tags: ['Save'] },
    });
    expect(res.status, res.text).toBe(200);
    // Several of the API's poll intervals: nothing in its process takes the job.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await clipsOf(fan.key)).map((c) => c.status)).toEqual(['queued']);
    if (!onPostgres) return;

    const port = await freePort();
    const worker = startWorker({ DATABASE_URL: server.databaseUrl!, DATA_DIR: server.dataDir, WORKER_PORT: String(port), INSTANCE_NAME: 'worker-test' });
    try {
      await expect
        .poll(
          async () => {
            const health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
            return health ? `${health.status} ${health.headers.get('x-served-by')}` : 'no answer';
          },
          { timeout: 30_000 },
        )
        .toBe('200 worker-test');
      expect((await fetch(`http://127.0.0.1:${port}/events`)).status).toBe(404);
      await expect.poll(async () => (await clipsOf(fan.key))[0].status, { timeout: 90_000, interval: 250 }).toBe('processed');
    } finally {
      worker.child.kill('SIGTERM');
    }
    expect(await worker.exited, worker.output()).toBe(0);
  });
});
