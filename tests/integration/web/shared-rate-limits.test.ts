import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { signInThrottledMessage } from '../../../app/domain/auth-messages.ts';
import { rateLimitCounters, RATE_LIMIT_TABLE } from '../../../server/rate-limit-counters.ts';
import { rateLimits } from '../../../server/rate-limits.ts';
import { openWebDatabase, type WebDatabase } from '../../../server/web-database.ts';
import { freePort } from '../../support/free-port.ts';
import { onPostgres, testData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* The web server's rate limits (server/rate-limits.ts) counted where ADR 058 says: with a
   PostgreSQL (DATABASE_URL), one count for every web server; while that database does not answer,
   each server's memory (the insurance), with the same limits and the same refusal; without one
   (the embedded PGlite, one process), each server's memory. Run on PostgreSQL by
   `bash scripts/with-postgres.sh npx vitest run tests/integration/web`. */

const LIMITS = { pages: 600, signIn: 4 };

/** A web server's limiters in front of a form that answers 200. */
async function webServer(database: WebDatabase | null) {
  const app = express();
  app.set('trust proxy', false);
  const counters = rateLimitCounters(database?.pool ?? null, () => undefined);
  app.use(...rateLimits(() => false, counters, LIMITS));
  app.post('/login', (_req, res) => void res.send('signed in'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, ready: counters.ready, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const signIn = async (url: string) => {
  const res = await fetch(`${url}/login`, { method: 'POST' });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
};

/** The table both servers made, one after the other (server/rate-limit-counters.ts). */
const tableExists = async (database: WebDatabase) =>
  (await database.pool.query<{ name: string | null }>('SELECT to_regclass($1) AS name', [RATE_LIMIT_TABLE])).rows[0].name !== null;

describe(`rate limits of two web servers (${onPostgres ? 'PostgreSQL: one count' : 'no database: each counts alone'})`, () => {
  const world = forThisFile(async () => {
    const data = await testData();
    const databases = data.databaseUrl ? [openWebDatabase(data.databaseUrl), openWebDatabase(data.databaseUrl)] : [null, null];
    const servers = await Promise.all(databases.map((database) => webServer(database)));
    return {
      servers,
      databases,
      close: async () => {
        for (const server of servers) await server.close();
        for (const database of databases) await database?.close();
        await data.close();
      },
    };
  });

  it(onPostgres ? 'counts a client once whichever server its posts reach' : 'counts in each server’s memory', async () => {
    const [a, b] = world.servers;
    const first = world.databases[0];
    await Promise.all(world.servers.map((server) => server.ready));
    if (first) expect(await tableExists(first)).toBe(true);
    const answers = [];
    // Alternating between the two servers: the fifth post is over the limit of four.
    for (let i = 0; i < LIMITS.signIn + 1; i++) answers.push(await signIn(i % 2 === 0 ? a.url : b.url));
    if (onPostgres) {
      expect(answers.slice(0, LIMITS.signIn).map((x) => x.status)).toEqual([200, 200, 200, 200]);
      expect(answers[LIMITS.signIn]).toMatchObject({ status: 429, retryAfter: '60' });
      expect(answers[LIMITS.signIn].text).toContain(signInThrottledMessage(60));
      // And the other server refuses too: the count is one.
      expect((await signIn(b.url)).status).toBe(429);
      const { rows } = await first!.pool.query<{ key: string; points: number }>(`SELECT key, points FROM ${RATE_LIMIT_TABLE} WHERE key LIKE 'sign-in:%'`);
      expect(rows).toEqual([{ key: 'sign-in:127.0.0.1', points: 6 }]);
    } else {
      // Three posts each so far: each server is under its limit.
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
      expect((await signIn(a.url)).status).toBe(200);
      expect((await signIn(a.url)).status).toBe(429);
    }
  });
});

describe('rate limits while the database does not answer', () => {
  const world = forThisFile(async () => {
    // Nothing listens on this port: every query fails at once (ECONNREFUSED).
    const database = openWebDatabase(`postgres://fieldhouse@127.0.0.1:${await freePort()}/nowhere`, () => undefined);
    const server = await webServer(database);
    return {
      server,
      close: async () => {
        await server.close();
        await database.close();
      },
    };
  });

  it('still answers, and still refuses past the limit with the same message (counted in memory)', async () => {
    const answers = [];
    for (let i = 0; i < LIMITS.signIn + 1; i++) answers.push(await signIn(world.server.url));
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 429]);
    expect(answers[0].text).toBe('signed in');
    expect(answers[LIMITS.signIn]).toMatchObject({ retryAfter: '60' });
    expect(answers[LIMITS.signIn].text).toContain(signInThrottledMessage(60));
  });
});
