import type { Store } from 'express-rate-limit';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';

/* Where the web server's rate limiters count (issue 37, ADR 058). Given the web server's
   PostgreSQL (DATABASE_URL: server/web-database.ts), every web server counts in one table,
   `web_rate_limits` (rate-limiter-flexible's atomic INSERT … ON CONFLICT), so a client's requests
   count once whichever server they reach. While the database does not answer, each server counts
   in its own memory (the library's insurance limiter) and goes back to the table when it answers
   again. Without a database (the embedded PGlite, one process) the counts are in memory, as
   before. express-rate-limit keeps deciding what is limited and how a refusal looks
   (server/rate-limits.ts); this module only counts. */

export const RATE_LIMIT_TABLE = 'web_rate_limits';
/** How soon the table is tried again when the database did not answer. */
const CREATE_RETRY_MS = 15_000;
/** How long a count at start-up waits for the table before it counts in memory. */
const READY_WAIT_MS = 2_000;

export interface Counter {
  /** The tier's name (a key prefix: one table holds every tier) and its window. */
  name: string;
  windowMs: number;
  /** Counts in a window; only for remainingPoints (express-rate-limit decides on totalHits). */
  limit: number;
}

/** A store per tier, and `ready`: settled once the shared table is made or known out of reach. */
export type RateLimitCounters = ((counter: Counter) => Store) & { ready: Promise<void> };

/** Makes an express-rate-limit store per tier: in PostgreSQL when `pool` is given, else in memory. */
export function rateLimitCounters(pool: pg.Pool | null, log: (line: string) => void = console.error): RateLimitCounters {
  const table = pool ? sharedTable(pool, log) : null;
  const counters = (counter: Counter): Store => {
    const options = { keyPrefix: counter.name, points: counter.limit, duration: Math.ceil(counter.windowMs / 1000) };
    const memory = new RateLimiterMemory(options);
    if (!pool || !table) return flexibleStore(counter.name, async () => memory);
    let shared: RateLimiterAbstract | null = null;
    return flexibleStore(counter.name, async () => {
      // A moment at start-up: two servers starting together never count apart. Once the table is
      // known (made or out of reach), no count waits.
      if (!table.settled()) await Promise.race([table.ready, new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS).unref())]);
      if (!table.made()) return memory;
      // The table is made once for every tier (sharedTable), so the library never creates it;
      // while the database does not answer, the library counts in the insurance (memory).
      shared ??= new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        insuranceLimiter: memory,
      });
      return shared;
    });
  };
  return Object.assign(counters, { ready: table?.ready ?? Promise.resolve() });
}

/** The counts' table, made once per web server under an advisory lock: two servers starting
 *  together never race to create it (concurrent CREATE TABLE IF NOT EXISTS fails in PostgreSQL).
 *  Its columns are rate-limiter-flexible's. While the database does not answer, tried again. */
function sharedTable(pool: pg.Pool, log: (line: string) => void) {
  let made = false;
  let settled = false;
  let settle!: () => void;
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const create = async () => {
    try {
      await makeTable(pool);
      made = true;
    } catch (error) {
      log(`web: rate limits count in memory until PostgreSQL answers (${(error as Error).message})`);
      setTimeout(() => void create(), CREATE_RETRY_MS).unref();
    }
    settled = true;
    settle();
  };
  void create();
  return { ready, made: () => made, settled: () => settled };
}

async function makeTable(pool: pg.Pool) {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [RATE_LIMIT_TABLE]);
    await client.query(`CREATE TABLE IF NOT EXISTS ${RATE_LIMIT_TABLE} (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`);
    await client.query('COMMIT');
  } catch (error) {
    failed = error as Error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // A client that failed is closed rather than handed out again.
    client.release(failed);
  }
}

/** express-rate-limit's store interface over a rate-limiter-flexible limiter: a hit is a penalty
 *  point (never refused by the counter itself; express-rate-limit compares the total). */
function flexibleStore(prefix: string, limiter: () => Promise<RateLimiterAbstract>): Store {
  const info = (res: RateLimiterRes) => ({ totalHits: res.consumedPoints, resetTime: new Date(Date.now() + Math.max(res.msBeforeNext, 0)) });
  return {
    // The counts are shared when in PostgreSQL: express-rate-limit must not assume they are ours.
    localKeys: false,
    // The key prefix the limiter adds (express-rate-limit tells tiers' stores apart by it).
    prefix: `${prefix}:`,
    increment: async (key) => info(await (await limiter()).penalty(key, 1)),
    decrement: async (key) => void (await (await limiter()).reward(key, 1)),
    resetKey: async (key) => void (await (await limiter()).delete(key)),
  };
}
