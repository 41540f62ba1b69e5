import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Clip } from '#contract';
import type { Db } from '../../../channel-api/db/client.ts';
import { clips } from '../../../channel-api/db/schema.ts';
import type { Deps } from '../../../channel-api/deps.ts';
import { ffmpegPath } from '../../../channel-api/media/ffmpeg.ts';
import { startJobQueue } from '../../../channel-api/queue/job-queue.ts';
import { takeClipLease } from '../../../channel-api/repo/clips.ts';
import { CLIP_ERRORS, clipQueue, reapClips, startClips, type ClipJob, type ClipLease, type ClipWork } from '../../../channel-api/services/clips.ts';
import { onPostgres, startApi, testData } from '../support/channel-api.ts';
import { clipper as clipperOf, finishedGameId } from '../support/clips.ts';
import { forThisFile } from '../support/fixture.ts';

/* The clip lease (issue 37, ADR 060): a worker killed in the middle of a clip leaves its job active
   (pg-boss 10 has no heartbeat: it would wait out the job's five minutes) and the clip's lease
   running out. Another worker's reaper takes the clip back within the lease and fails the job into
   its retry, which a worker makes at once; on the clip's last try the clip is failed instead. No
   clip stays "being made".

   The first API takes fans' clips and cuts none (clipConcurrency 0). A dead worker is the job queue
   of a process that took a clip's job and its lease and then stopped: its handler never returns
   and never renews the lease, which is what a killed process leaves in the database. "Another
   worker" is a second channel API on the same database on PostgreSQL (with the short lease of its
   clipLease option), and on PGlite (one process per database) the clip worker of startClips on
   the first API's database, as a worker process runs it. */

/** Short timings: a lease of 2 s, renewed every 0.5 s, reaped every 0.5 s. */
const LEASE: ClipLease = { lease: 2, renew: 0.5, reap: 0.5 };

const file = forThisFile(
  async () => {
    const data = await testData({ seeded: true, media: true });
    const api = await startApi({ data, clipConcurrency: 0, jobs: { pollSeconds: 0.5, stopTimeoutSeconds: 5 } }).catch(async (error) => {
      await data.close();
      throw error;
    });
    return {
      ...api,
      data,
      close: async () => {
        await api.close();
        await data.close();
      },
    };
  },
  {
    arrange: async ({ server }) => {
      game.finished = await finishedGameId(server.db);
    },
  },
);
const { server, http, acc } = file;
const game = { finished: 0 };

const deps = () => ({ db: server.db, dataDir: server.dataDir, jobs: server.jobs, log: () => undefined }) as unknown as Deps;

const clipper = () => clipperOf(acc, server.db);

/** The fan asks for a clip of the finished game (its job is sent); the clip's id. */
async function askClip(key: string): Promise<number> {
  const res = await http.request('POST', '/clip', {
    body: { api_key: key, event_id: game.finished, name: 'Great save', start_time: 2, duration: 4, tags: ['Save'] },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.data.id;
}

const clipRow = async (id: number) => (await server.db.select().from(clips).where(eq(clips.id, id)))[0];
async function clipsOfFan(key: string): Promise<Clip[]> {
  const res = await http.request('GET', '/clips/user', { query: { api_key: key } });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

async function clipJob(db: Db, clipId: number) {
  const { rows } = await db.execute<{ state: string; retry_count: number; output: { message?: string } | null }>(
    sql`SELECT state, retry_count, output FROM pgboss.job WHERE name = 'clip' AND singleton_key = ${String(clipId)}`,
  );
  return rows[0];
}

const until = <T>(check: () => T | Promise<T>, timeout = 20_000) => vi.waitFor(check, { timeout, interval: 100 });

/** A job queue of another process on the first API's database, declaring the clip queue. */
const queueOfAnotherProcess = () =>
  startJobQueue({
    database: {
      kind: onPostgres ? 'postgres' : 'pglite',
      db: server.db,
      analyze: async () => undefined,
      ping: async () => undefined,
      close: async () => undefined,
    },
    queues: [clipQueue],
    pollSeconds: 0.5,
    stopTimeoutSeconds: 1,
    onError: () => undefined,
  });

/** A worker process that takes the clip queue's jobs and dies on each try `dies(attempt)` says:
 *  having taken the clip's lease (as makeClip does first), it stops, never renewing the lease nor
 *  finishing the job. Other tries fail at once (ffmpeg broke). */
async function dyingWorker(holder: string, dies: (attempt: number) => boolean = () => true) {
  const queue = await queueOfAnotherProcess();
  await queue.work<ClipJob>(clipQueue, async (job) => {
    if (!dies(job.attempt)) throw new Error('ffmpeg broke');
    await takeClipLease(server.db, job.data.clipId, `${holder} (try ${job.attempt})`, LEASE.lease);
    // The process is killed here: nothing after this runs.
    await new Promise<never>(() => undefined);
  });
  // What is left of it when the test ends: its queue stops taking jobs (its one job hangs).
  return { stop: () => queue.stop() };
}

/** A clip worker process as startClips runs it (its queue, its reaper). */
async function clipWorker(options: Partial<ClipWork>): Promise<{ stop(): Promise<void> }> {
  const queue = await queueOfAnotherProcess();
  const work = await startClips({ ...deps(), jobs: queue }, 1, { ...LEASE, ...options });
  return {
    stop: async () => {
      await work.stop();
      await queue.stop();
    },
  };
}

/** Another clip worker on the same database, with the short lease. */
async function anotherWorker(): Promise<{ stop(): Promise<void> }> {
  if (!onPostgres) return clipWorker({ worker: 'worker-b' });
  const api = await startApi({ data: file.data, clipConcurrency: 1, clipLease: LEASE, jobs: { pollSeconds: 0.5, stopTimeoutSeconds: 5 } });
  return { stop: () => api.close() };
}

describe(`a worker killed in the middle of a clip (${onPostgres ? 'PostgreSQL: a second channel API finishes it' : 'PGlite'})`, () => {
  it('another worker makes the clip within the lease time; the dead worker’s try is failed into the retry', async () => {
    const fan = await clipper();
    const dead = await dyingWorker('worker-a');
    let other: { stop(): Promise<void> } | undefined;
    try {
      const id = await askClip(fan.key);
      // The dead worker took it: its job is active, its lease runs for two seconds, not renewed.
      await until(async () => expect(await clipRow(id)).toMatchObject({ status: 'queued', workedBy: 'worker-a (try 1)', workedUntil: expect.any(Date) }));
      expect(await clipJob(server.db, id)).toMatchObject({ state: 'active', retry_count: 0 });
      expect((await clipsOfFan(fan.key)).find((c) => c.id === id)?.status).toBe('queued');

      other = await anotherWorker();
      const leaseEnds = (await clipRow(id)).workedUntil!.getTime();
      // Reaped within 0.5 s of the lease's end, retried after the queue's 2 s delay, cut in a second or two.
      await until(async () =>
        expect((await clipsOfFan(fan.key)).find((c) => c.id === id)).toMatchObject({ status: 'processed', error: null, media: expect.anything() }),
      );
      expect(Date.now() - leaseEnds).toBeLessThan(15_000);
      const clip = await clipRow(id);
      expect(clip).toMatchObject({ status: 'processed', progress: 100, workedUntil: null, workedBy: null });
      expect(fs.existsSync(path.join(server.dataDir, 'clips', clip.uuid, 'clip.mp4'))).toBe(true);
      // The job: completed on its second try (pg-boss counts the retry).
      await until(async () => expect(await clipJob(server.db, id)).toMatchObject({ state: 'completed', retry_count: 1 }));
    } finally {
      await other?.stop();
      await dead.stop();
    }
  }, 90_000);

  it('a clip whose worker is killed on its last try ends failed, not "being made"', async () => {
    const fan = await clipper();
    // The first try fails as ffmpeg can; the retry's worker dies in the middle of it.
    const dead = await dyingWorker('worker-a', (attempt) => attempt === 2);
    let other: { stop(): Promise<void> } | undefined;
    try {
      const id = await askClip(fan.key);
      await until(async () => expect(await clipRow(id)).toMatchObject({ status: 'queued', workedBy: 'worker-a (try 2)' }));
      other = await anotherWorker();
      await until(async () =>
        expect((await clipsOfFan(fan.key)).find((c) => c.id === id)).toMatchObject({ status: 'failed', error: CLIP_ERRORS.failed, media: null }),
      );
      expect(await clipRow(id)).toMatchObject({ status: 'failed', workedUntil: null, workedBy: null });
      // The job shows failed to the operator, with why.
      const job = await clipJob(server.db, id);
      expect(job).toMatchObject({ state: 'failed', retry_count: 1 });
      expect(job.output?.message).toMatch(/lease ran out/);
      // The fan's place is free again.
      const again = await askClip(fan.key);
      expect((await http.request('DELETE', `/clip/${again}`, { query: { api_key: fan.key } })).status).toBe(200);
    } finally {
      await other?.stop();
      await dead.stop();
    }
  }, 90_000);
});

describe(`the lease of a live worker, and reapers at once (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("never takes a live worker's long clip: its lease is renewed while ffmpeg runs past the lease's length", async () => {
    const fan = await clipper();
    // An ffmpeg that starts 4 s late: the cut takes twice the lease.
    const slow = path.join(server.dataDir, 'slow-ffmpeg.sh');
    fs.writeFileSync(slow, `#!/bin/sh\nsleep 4\nexec "${ffmpegPath()}" "$@"\n`, { mode: 0o755 });
    const worker = await clipWorker({ worker: 'worker-live', ffmpeg: slow });
    const reaped: number[] = [];
    let reaping = true;
    // Another process's reaper, looking all the time.
    const reaper = (async () => {
      while (reaping) {
        reaped.push(...(await reapClips(deps())));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    try {
      const id = await askClip(fan.key);
      const first = await until(async () => {
        const row = await clipRow(id);
        expect(row.workedBy).toBe('worker-live (try 1)');
        return row.workedUntil!.getTime();
      });
      // Renewed: the lease moves on, and past its first end the clip is still the live worker's.
      await until(async () => expect((await clipRow(id)).workedUntil!.getTime()).toBeGreaterThan(first + 1_000));
      await until(async () => expect((await clipsOfFan(fan.key)).find((c) => c.id === id)?.status).toBe('processed'), 60_000);
      expect(reaped).not.toContain(id);
      // One try, never failed.
      await until(async () => expect(await clipJob(server.db, id)).toMatchObject({ state: 'completed', retry_count: 0 }));
      expect(await clipRow(id)).toMatchObject({ workedUntil: null, workedBy: null });
    } finally {
      reaping = false;
      await reaper;
      await worker.stop();
    }
  }, 90_000);

  it("two reapers at once take a dead worker's clip back once, and fail its job once", async () => {
    const fan = await clipper();
    const dead = await dyingWorker('worker-a');
    try {
      const id = await askClip(fan.key);
      await until(async () => expect(await clipRow(id)).toMatchObject({ workedBy: 'worker-a (try 1)' }));
      // The lease runs out; then two processes' reapers look at the same moment.
      await new Promise((r) => setTimeout(r, LEASE.lease * 1000 + 200));
      const [one, two] = await Promise.all([reapClips(deps()), reapClips(deps())]);
      expect([...one, ...two].filter((taken) => taken === id)).toEqual([id]);
      // Failed once: into its one retry, not failed twice (the last try's fail).
      expect(await clipJob(server.db, id)).toMatchObject({ state: 'retry', retry_count: 0 });
      expect(await clipRow(id)).toMatchObject({ status: 'queued', workedUntil: null, workedBy: null });
      // A third look finds nothing to take back.
      expect(await reapClips(deps())).not.toContain(id);
    } finally {
      await dead.stop();
    }
  }, 60_000);
});
