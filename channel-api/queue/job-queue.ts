import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { databaseSql, transactionSql, type QueueSql } from './sql-adapters.ts';
import type { Database, Tx } from '../db/client.ts';

/* The project's one durable job queue (ADR 032): pg-boss 10 on the channel API's own database,
 * PGlite or PostgreSQL. Every queue is declared with defineQueue and created at start; code sends
 * to it and works it through this facade, never through pg-boss itself. */

/** A named queue and how its jobs are tried. `Data` is what a job carries (JSON). */
export interface QueueDefinition<Data extends object> {
  readonly name: string;
  /** Tries after the first failure (default 2); then the job shows as failed. */
  readonly retryLimit?: number;
  /** Seconds before a retry (default 30); with retryBackoff, doubled each time (with jitter). */
  readonly retryDelaySeconds?: number;
  readonly retryBackoff?: boolean;
  /** How long one try may run before it counts as failed (default 60 s). Short, because a job
   *  whose worker died stays active until then, and is retried only after it (unless its work
   *  keeps a lease of its own and fails it sooner: failRunning, the clips' ADR 060). */
  readonly expireInSeconds?: number;
  /** Never set: carries the data's type from the definition to send and work. */
  readonly __data?: Data;
}

export function defineQueue<Data extends object>(definition: Omit<QueueDefinition<Data>, '__data'>): QueueDefinition<Data> {
  return definition;
}

export interface SendOptions {
  /** At most one job per queue and key, whatever its state, until it is archived (KEEP_SECONDS
   *  after it ends): a second send with the key, even at the same moment from another server,
   *  makes nothing and returns null. */
  key?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** Higher first; equal ones by age (default 0). The clip queue interleaves fans with it (ADR 057). */
  priority?: number;
  /** Send inside this drizzle transaction: the job exists only if the transaction commits. */
  tx?: Tx;
}

export interface Job<Data> {
  id: string;
  data: Data;
  key: string | null;
  /** 1 on the first try, 2 on the first retry… */
  attempt: number;
}

export interface WorkOptions {
  /** Jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  key: string | null;
  data: unknown;
  error: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date;
}

export interface JobQueue {
  /** Adds a job; its id, or null when the key's job exists already. */
  send<Data extends object>(queue: QueueDefinition<Data>, data: Data, options?: SendOptions): Promise<string | null>;
  /** Wakes this process's workers of the queue: after the transaction a job was sent in (`tx`)
   *  commits, so that job does not wait for the next poll. */
  wake<Data extends object>(queue: QueueDefinition<Data>): void;
  /** Runs the handler for each job of the queue: resolved, the job is completed; thrown (or over
   *  expireInSeconds), it is retried, then failed. */
  work<Data extends object>(queue: QueueDefinition<Data>, handler: (job: Job<Data>) => Promise<void>, options?: WorkOptions): Promise<void>;
  /** Fails the try of the key's job that is running, because its worker died (ADR 060: the clip
   *  reaper knows it from the clip's lease): into its retry, which another worker takes, or failed
   *  when it was the last try. 'not running' when the key's job is not being tried (waiting,
   *  finished, or none): it is left as it is. In `tx`, with the caller's writes. */
  failRunning<Data extends object>(
    queue: QueueDefinition<Data>,
    key: string,
    reason: string,
    options?: { tx?: Tx },
  ): Promise<'retried' | 'failed' | 'not running'>;
  /** Sends `data` to the queue at each time of the cron expression (in `tz`, default UTC), from
   *  whichever server's clock checks first (pg-boss's timekeeper: once per minute at most); a
   *  second call with the queue replaces its schedule. */
  schedule<Data extends object>(queue: QueueDefinition<Data>, cron: string, data: Data, options?: { tz?: string }): Promise<void>;
  /** The failed jobs, newest first: what went wrong, for the operator (GET /ops/jobs). */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Stops taking jobs, waits for the running ones (up to stopTimeoutSeconds; one still running
   *  then is failed into its retries), and waits for the queue's last query. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  queues: readonly QueueDefinition<object>[];
  /** How often an idle worker looks for jobs; a send in this process wakes its workers at once. */
  pollSeconds: number;
  stopTimeoutSeconds: number;
  /** How often a server checks the schedules (default 30 s; tests shorten it). */
  cronCheckSeconds?: number;
  onError(error: Error): void;
}

/** Completed and failed jobs stay in the queue's table (visible, keys still held) this long. */
const KEEP_SECONDS = 7 * 86_400;

export async function startJobQueue(opts: JobQueueOptions): Promise<JobQueue> {
  const inFlight = new Set<Promise<unknown>>();
  const handlers = new Set<Promise<void>>();
  const sql = tracked(databaseSql(opts.database), inFlight);
  const boss = new PgBoss({
    db: sql,
    pollingIntervalSeconds: opts.pollSeconds,
    archiveCompletedAfterSeconds: KEEP_SECONDS,
    archiveFailedAfterSeconds: KEEP_SECONDS,
    ...(opts.cronCheckSeconds ? { cronMonitorIntervalSeconds: opts.cronCheckSeconds, cronWorkerIntervalSeconds: opts.cronCheckSeconds } : {}),
  });
  boss.on('error', opts.onError);
  await boss.start();
  try {
    await createQueues(boss, opts.queues);
  } catch (error) {
    await boss.stop({ graceful: false });
    throw error;
  }

  const declared = new Set(opts.queues.map((queue) => queue.name));
  const workers = new Map<string, string[]>();
  const known = (queue: QueueDefinition<object>) => {
    if (!declared.has(queue.name)) throw new Error(`job queue: ${queue.name} is not declared (channel-api/queue/queues.ts)`);
  };

  return {
    async send<Data extends object>(queue: QueueDefinition<Data>, data: Data, options: SendOptions = {}) {
      known(queue);
      const id = await boss.send(queue.name, data, {
        ...(options.key !== undefined ? { id: idForKey(queue.name, options.key), singletonKey: options.key } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
        ...(options.tx ? { db: tracked(transactionSql(options.tx), inFlight) } : {}),
      });
      // Wake this process's workers, so a job does not wait for the next poll.
      if (id && !options.tx && !options.startAfter) for (const worker of workers.get(queue.name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    wake(queue) {
      for (const worker of workers.get(queue.name) ?? []) boss.notifyWorker(worker);
    },
    async work<Data extends object>(queue: QueueDefinition<Data>, handler: (job: Job<Data>) => Promise<void>, options: WorkOptions = {}) {
      known(queue);
      const ids = workers.get(queue.name) ?? [];
      workers.set(queue.name, ids);
      const run = async ([job]: PgBoss.JobWithMetadata<Data>[]) => {
        const running = handler({ id: job.id, data: job.data, key: job.singletonKey, attempt: job.retryCount + 1 });
        handlers.add(running);
        try {
          await running;
        } finally {
          handlers.delete(running);
        }
      };
      for (let i = 0; i < (options.concurrency ?? 1); i++) ids.push(await boss.work<Data>(queue.name, { batchSize: 1, includeMetadata: true }, run));
    },
    async failRunning<Data extends object>(queue: QueueDefinition<Data>, key: string, reason: string, options: { tx?: Tx } = {}) {
      known(queue);
      const db = options.tx ? tracked(transactionSql(options.tx), inFlight) : sql;
      const id = idForKey(queue.name, key);
      const stateOf = async (lock: string) =>
        ((await db.executeSql(`SELECT state FROM pgboss.job WHERE name = $1 AND id = $2${lock}`, [queue.name, id])).rows[0] as { state: string } | undefined)
          ?.state;
      // Locked in a transaction: a worker cannot complete it between this look and the fail.
      if ((await stateOf(' FOR UPDATE')) !== 'active') return 'not running';
      await boss.fail(queue.name, id, { message: reason }, { db });
      return (await stateOf('')) === 'failed' ? 'failed' : 'retried';
    },
    async schedule<Data extends object>(queue: QueueDefinition<Data>, cron: string, data: Data, options: { tz?: string } = {}) {
      known(queue);
      await boss.schedule(queue.name, cron, data, { tz: options.tz ?? 'UTC' });
    },
    failed: (limit = 100) => failedJobs(sql, limit),
    async stop() {
      const deadline = Date.now() + opts.stopTimeoutSeconds * 1000;
      await boss.stop({ graceful: true, timeout: opts.stopTimeoutSeconds * 1000 });
      // A worker may have claimed a job while pg-boss stopped, and pg-boss completes a finished
      // job without awaiting it: wait for those handlers and the last queries before the database
      // closes. A handler still running at the deadline is left: its job expires and is retried.
      while ((inFlight.size > 0 || handlers.size > 0) && Date.now() < deadline) {
        await Promise.race([Promise.allSettled([...inFlight, ...handlers]), new Promise((r) => setTimeout(r, deadline - Date.now()).unref())]);
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}

/** Creates the declared queues, or brings an existing one's retries and expiry up to date. */
async function createQueues(boss: PgBoss, queues: readonly QueueDefinition<object>[]): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const queue of queues) {
    const options = {
      name: queue.name,
      policy: 'standard' as const,
      retryLimit: queue.retryLimit ?? 2,
      retryDelay: queue.retryDelaySeconds ?? 30,
      retryBackoff: queue.retryBackoff ?? false,
      expireInSeconds: queue.expireInSeconds ?? 60,
    };
    if (!existing.has(queue.name)) {
      // Two servers starting at once may both try: the loser finds it made and updates it.
      const made = await boss.createQueue(queue.name, options).then(
        () => true,
        async (error: unknown) => {
          if (!(await boss.getQueue(queue.name))) throw error;
          return false;
        },
      );
      if (made) continue;
    }
    await boss.updateQueue(queue.name, options);
  }
}

/** A key's job id: a UUID made from the queue and the key, so the table's primary key (name, id)
 *  refuses a second job with that key on either database, in any transaction. */
function idForKey(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant, so it is a well-formed UUID.
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface FailedRow {
  id: string;
  name: string;
  singleton_key: string | null;
  data: unknown;
  output: unknown;
  retry_count: number | string;
  created_on: Date | string;
  completed_on: Date | string;
}

// pg-boss 10 (schema version 24) keeps a failed job in pgboss.job with state 'failed'; it has no
// call that lists them. started_on is null when a job never ran (expired before a try).
async function failedJobs(sql: QueueSql, limit: number): Promise<FailedJob[]> {
  const { rows } = await sql.executeSql(
    `SELECT id, name, singleton_key, data, output, retry_count + CASE WHEN started_on IS NULL THEN 0 ELSE 1 END AS retry_count, created_on, completed_on
       FROM pgboss.job WHERE state = 'failed' ORDER BY completed_on DESC, id LIMIT $1`,
    [limit],
  );
  return (rows as FailedRow[]).map((row) => ({
    id: row.id,
    queue: row.name,
    key: row.singleton_key,
    data: row.data,
    error: errorText(row.output),
    attempts: Number(row.retry_count),
    createdAt: new Date(row.created_on),
    failedAt: new Date(row.completed_on),
  }));
}

/** The reason pg-boss stored: a thrown Error serialised ({ message, … }), or { value } for a
 *  timeout or a shutdown. */
function errorText(output: unknown): string {
  const o = (typeof output === 'string' ? JSON.parse(output) : output) as { message?: unknown; value?: unknown } | null;
  if (typeof o?.message === 'string') return o.message;
  const value = o?.value as { message?: unknown } | string | undefined;
  if (typeof value === 'string') return value;
  if (typeof value?.message === 'string') return value.message;
  return JSON.stringify(o);
}

/** Counts the queue's queries still running, so stop() can wait for them. */
function tracked(sql: QueueSql, inFlight: Set<Promise<unknown>>): QueueSql {
  return {
    executeSql(text, values) {
      const running = sql.executeSql(text, values);
      inFlight.add(running);
      const done = () => inFlight.delete(running);
      running.then(done, done);
      return running;
    },
  };
}
