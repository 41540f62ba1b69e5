import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../channel-api/db/client.ts';
import { defineQueue } from '../../../channel-api/queue/job-queue.ts';
import { databaseSql } from '../../../channel-api/queue/sql-adapters.ts';
import { client, onPostgres, startApi, testData, type TestChannelApi, type TestData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* The project's job queue (ADR 032) as the channel API starts it, on PGlite and PostgreSQL: jobs
 * complete, fail visibly after their retries, run once per key, outlive a restart, are waited for
 * by close(), and exist only if the transaction that sent them commits. */

const done = defineQueue<{ n: number }>({ name: 'test-done' });
const failing = defineQueue<{ n: number }>({ name: 'test-failing', retryLimit: 1, retryDelaySeconds: 0 });
const keyed = defineQueue<{ n: number }>({ name: 'test-keyed' });
const cron = defineQueue<{ n: number }>({ name: 'test-cron' });
const queues = [done, failing, keyed, cron];

/** A data dir (PGlite) or database (PostgreSQL) that several channel APIs open one after another. */
const sharedData = () => testData({ seeded: true, media: true });
/** The channel API on that data, with this file's queues. */
const startOn = async (data: TestData) => (await startApi({ data, jobs: { queues, pollSeconds: 0.5, stopTimeoutSeconds: 20, cronCheckSeconds: 1 } })).server;

async function jobRows(db: Db, queue: string, key?: string) {
  const result = await db.execute<{ id: string; state: string; data: unknown }>(
    sql`SELECT id, state, data FROM pgboss.job WHERE name = ${queue} AND (${key ?? null}::text IS NULL OR singleton_key = ${key ?? null}) ORDER BY created_on`,
  );
  return result.rows;
}

const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the job queue', () => {
  const ran = new Map<string, number[]>();
  const record = (queue: string, n: number) => void ran.set(queue, [...(ran.get(queue) ?? []), n]);

  const { api } = forThisFile(
    async () => {
      const data = await sharedData();
      const api = await startOn(data).catch(async (error) => {
        await data.close();
        throw error;
      });
      return {
        api,
        close: async () => {
          await api.close();
          await data.close();
        },
      };
    },
    {
      arrange: async ({ api }) => {
        await api.jobs.work(done, async (job) => record(done.name, job.data.n));
        await api.jobs.work(keyed, async (job) => record(keyed.name, job.data.n), { concurrency: 3 });
        await api.jobs.work(failing, async (job) => {
          throw new Error(`no luck on try ${job.attempt} of job ${job.data.n}`);
        });
      },
    },
  );

  it('runs a job to completed', async () => {
    const id = await api.jobs.send(done, { n: 1 });
    expect(id).toEqual(expect.any(String));
    await until(async () => expect(await jobRows(api.db, done.name)).toEqual([{ id, state: 'completed', data: { n: 1 } }]));
    expect(ran.get(done.name)).toEqual([1]);
  });

  it('retries a throwing job, then lists it as failed with its error, for the operator only', async () => {
    const id = await api.jobs.send(failing, { n: 7 });
    const failed = await until(async () => {
      const list = await api.jobs.failed();
      expect(list.map((job) => job.id)).toContain(id);
      return list;
    });
    expect(failed.find((job) => job.id === id)).toMatchObject({
      queue: 'test-failing',
      key: null,
      data: { n: 7 },
      error: 'no luck on try 2 of job 7',
      attempts: 2,
      failedAt: expect.any(Date),
    });

    const http = client(api.url);
    const view = await http.request('GET', '/ops/jobs');
    expect(view.status).toBe(200);
    expect(view.json.data.failed).toContainEqual(expect.objectContaining({ id, error: 'no luck on try 2 of job 7', attempts: 2, data: { n: 7 } }));
    const proxied = await http.request('GET', '/ops/jobs', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
  });

  it('makes one job of a key sent twice, and of one sent by ten callers at once', async () => {
    const first = await api.jobs.send(keyed, { n: 1 }, { key: 'golive:event-1:fan-1' });
    const second = await api.jobs.send(keyed, { n: 2 }, { key: 'golive:event-1:fan-1' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();

    const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => api.jobs.send(keyed, { n: 10 + i }, { key: 'golive:event-2:fan-1' })));
    expect(sent.filter((id) => id !== null)).toHaveLength(1);

    await until(async () => {
      expect((await jobRows(api.db, keyed.name, 'golive:event-1:fan-1')).map((job) => job.state)).toEqual(['completed']);
      expect((await jobRows(api.db, keyed.name, 'golive:event-2:fan-1')).map((job) => job.state)).toEqual(['completed']);
    });
    const runs = ran.get(keyed.name) ?? [];
    expect(runs.filter((n) => n < 10)).toEqual([1]);
    expect(runs.filter((n) => n >= 10)).toHaveLength(1);
    // Once completed, the key still holds: a late send makes nothing.
    expect(await api.jobs.send(keyed, { n: 3 }, { key: 'golive:event-1:fan-1' })).toBeNull();
  });

  it('sends a job inside a transaction: none if it rolls back, one if it commits', async () => {
    await expect(
      api.db.transaction(async (tx) => {
        expect(await api.jobs.send(done, { n: 20 }, { tx, key: 'in-a-transaction' })).toEqual(expect.any(String));
        throw new Error('the row it serves was refused');
      }),
    ).rejects.toThrow('the row it serves was refused');
    expect(await jobRows(api.db, done.name, 'in-a-transaction')).toEqual([]);

    const id = await api.db.transaction((tx) => api.jobs.send(done, { n: 21 }, { tx, key: 'in-a-transaction' }));
    await until(async () => expect(await jobRows(api.db, done.name, 'in-a-transaction')).toEqual([{ id, state: 'completed', data: { n: 21 } }]));
    expect(ran.get(done.name)).not.toContain(20);
  });

  it("leaves the API's connection usable after a failed pg-boss batch, for a query that waited on it", async () => {
    const queueSql = databaseSql({
      kind: onPostgres ? 'postgres' : 'pglite',
      db: api.db,
      analyze: async () => undefined,
      ping: async () => undefined,
      close: async () => undefined,
    });
    const failing = queueSql.executeSql('BEGIN;\n SELECT 1;\n SELECT * FROM no_such_table;\n COMMIT;', []);
    // drizzle runs a query when it is awaited: start it now, so it waits behind the batch.
    const waiting = api.db.execute(sql`SELECT 2 AS two`).then((result) => result.rows);
    await expect(failing).rejects.toThrow('no_such_table');
    expect(await waiting).toEqual([{ two: 2 }]);
    expect((await api.db.execute(sql`SELECT 3 AS three`)).rows).toEqual([{ three: 3 }]);
  });

  it('sends a scheduled job at its cron time, and refuses a bad cron and an undeclared queue', async () => {
    await api.jobs.work(cron, async (job) => record(cron.name, job.data.n));
    // Every minute: the last minute's time is within pg-boss's one-minute window, so the first
    // check (each second here) sends it; it sends once per minute at most.
    await api.jobs.schedule(cron, '* * * * *', { n: 42 }, { tz: 'America/Chicago' });
    await until(async () => expect(ran.get(cron.name)).toEqual([42]));
    const { rows } = await api.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'test-cron'`,
    );
    expect(rows).toEqual([{ name: 'test-cron', cron: '* * * * *', timezone: 'America/Chicago' }]);
    await expect(api.jobs.schedule(cron, 'every minute', { n: 1 })).rejects.toThrow();
    await expect(api.jobs.schedule(defineQueue<{ n: number }>({ name: 'test-undeclared-cron' }), '* * * * *', { n: 1 })).rejects.toThrow(/not declared/);
  });

  it('refuses a queue that was not declared', async () => {
    await expect(api.jobs.send(defineQueue<{ n: number }>({ name: 'test-undeclared' }), { n: 1 })).rejects.toThrow('test-undeclared is not declared');
  });
});

/** Starts channel APIs on this file's shared database; each is closed before the database. */
function channelApisOnSharedData(): () => Promise<TestChannelApi> {
  const open: TestChannelApi[] = [];
  const data = forThisFile(async () => {
    const data = await sharedData();
    return {
      ...data,
      close: async () => {
        for (const api of open) await api.close();
        await data.close();
      },
    };
  });
  const start = async () => {
    const api = await startOn(data);
    open.push(api);
    return api;
  };
  return start;
}

describe('the job queue across a stop and a restart', () => {
  const start = channelApisOnSharedData();

  it('close() waits for a running job, and a job sent before a restart runs after it', async () => {
    const first = await start();
    const started = deferred();
    const release = deferred();
    const finished: number[] = [];
    await first.jobs.work(done, async (job) => {
      started.resolve();
      await release.promise;
      finished.push(job.data.n);
    });
    const running = await first.jobs.send(done, { n: 1 });
    await started.promise;
    // Sent with no worker free: it waits in the database for the next start.
    const waiting = await first.jobs.send(keyed, { n: 2 }, { key: 'survives' });

    let closed = false;
    const closing = first.close().then(() => (closed = true));
    // The server stops answering first; the job queue then waits for the running job.
    await until(() => expect(fetch(`${first.url}/channels/demo.json`)).rejects.toThrow());
    expect(closed).toBe(false);
    release.resolve();
    await closing;
    expect(finished).toEqual([1]);

    const second = await start();
    expect(await jobRows(second.db, done.name)).toEqual([{ id: running, state: 'completed', data: { n: 1 } }]);
    const ran: number[] = [];
    await second.jobs.work(keyed, async (job) => void ran.push(job.data.n));
    await until(async () => expect(await jobRows(second.db, keyed.name, 'survives')).toEqual([{ id: waiting, state: 'completed', data: { n: 2 } }]));
    expect(ran).toEqual([2]);
    expect(finished).toEqual([1]);
    // Two starts of the channel API: seconds each on a busy machine.
  }, 90_000);
});

describe(`two channel APIs on one database (${onPostgres ? 'PostgreSQL: one scheduler' : 'PGlite: one process only'})`, () => {
  const start = channelApisOnSharedData();

  it(
    onPostgres
      ? 'sends a schedule once per minute whichever of them checks, and runs each job once'
      : 'refuses a second channel API on the same PGlite, so there is never a second scheduler',
    async () => {
      const first = await start();
      if (!onPostgres) {
        await expect(start()).rejects.toThrow(/is in use by pid/);
        return;
      }
      const second = await start();
      const runs: string[] = [];
      for (const [name, api] of [
        ['first', first],
        ['second', second],
      ] as const) {
        await api.jobs.work(cron, async () => void runs.push(name));
        // Both declare it, as every channel API declares the alert sweeper at its start.
        await api.jobs.schedule(cron, '* * * * *', { n: 1 });
      }
      // Both check the schedules every second (cronCheckSeconds): several checks each.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await until(() => expect(runs.length).toBeGreaterThan(0));

      const { rows: schedules } = await first.db.execute<{ name: string }>(
        sql`SELECT name FROM pgboss.schedule WHERE name IN ('test-cron', 'alert-sweep') ORDER BY name`,
      );
      expect(schedules.map((s) => s.name)).toEqual(['alert-sweep', 'test-cron']);
      // pg-boss's timekeeper sends a schedule through one job per queue and minute (singletonKey,
      // singletonSeconds 60), whichever server's clock checks.
      const { rows: sends } = await first.db.execute<{ minute: string; sends: number }>(
        sql`SELECT singleton_on::text AS minute, count(*)::int AS sends FROM pgboss.job WHERE name = '__pgboss__send-it' AND singleton_key = 'test-cron' GROUP BY singleton_on`,
      );
      expect(sends.length).toBeGreaterThan(0);
      expect(sends.every((s) => s.sends === 1)).toBe(true);
      const jobs = await jobRows(first.db, cron.name);
      expect(jobs).toHaveLength(sends.length);
      await until(async () => expect((await jobRows(first.db, cron.name)).every((job) => job.state === 'completed')).toBe(true));
      expect(runs).toHaveLength(jobs.length);
    },
    120_000,
  );
});
