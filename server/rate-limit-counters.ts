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
/** How soon the table is tried again when the database was down at start. */
const CREATE_RETRY_MS = 15_000;
/** Two web servers starting at once both create the table: the loser is told the table is there
 *  (a unique or duplicate-table violation) and asks again at once. */
const CREATE_RACE_RETRY_MS = 100;
const CREATE_RACE_CODES = new Set(['23505', '42P07']);
/** How long a count at start-up waits for the table before it counts in memory. */
const READY_WAIT_MS = 2_000;

export interface Counter {
  /** The tier's name (a key prefix: one table holds every tier) and its window. */
  name: string;
  windowMs: number;
  /** Counts in a window; only for remainingPoints (express-rate-limit decides on totalHits). */
  limit: number;
}

/** Makes an express-rate-limit store per tier: in PostgreSQL when `pool` is given, else in memory. */
export function rateLimitCounters(pool: pg.Pool | null, log: (line: string) => void = console.error): (counter: Counter) => Store {
  return (counter) => {
    const options = { keyPrefix: counter.name, points: counter.limit, duration: Math.ceil(counter.windowMs / 1000) };
    const memory = new RateLimiterMemory(options);
    if (!pool) return flexibleStore(counter.name, async () => memory);
    let limiter: RateLimiterAbstract = memory;
    // Settled once the table is known, or known to be out of reach: until then a count waits
    // (a moment at start-up), so two servers starting together never count apart.
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const connect = () => {
      const made: RateLimiterAbstract = new RateLimiterPostgres(
        { ...options, storeClient: pool, storeType: 'pool', tableName: RATE_LIMIT_TABLE, insuranceLimiter: memory },
        (error?: Error) => {
          if (!error) return settle();
          const code = (error as { code?: unknown }).code;
          if (typeof code === 'string' && CREATE_RACE_CODES.has(code)) return void setTimeout(connect, CREATE_RACE_RETRY_MS).unref();
          log(`web: rate limits count in memory until PostgreSQL answers (${error.message})`);
          settle();
          setTimeout(connect, CREATE_RETRY_MS).unref();
        },
      );
      // Until its table is known, the PostgreSQL limiter answers from its insurance (memory).
      limiter = made;
    };
    connect();
    return flexibleStore(counter.name, async () => {
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS).unref())]);
      return limiter;
    });
  };
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
