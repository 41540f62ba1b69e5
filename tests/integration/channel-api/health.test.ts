import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* The channel API's /healthz (ADR 058): 200 only while its database answers a `select 1`, 503 with
   a reason (never the driver's message) while it does not, 200 again when it answers — without a
   restart. And X-Served-By names the instance on every answer, a refusal and a media file too. */

const INSTANCE = 'channel-api-test-1';

describe(`the channel API's health and instance name (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { server, http } = apiForThisFile({ instanceName: INSTANCE });

  it('answers 200 while the database answers, never cached, naming the instance', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-served-by')).toBe(INSTANCE);
    expect(await res.json()).toMatchObject({ ok: true, media: expect.any(Object) });
  });

  it('names the instance on a call, a refusal, a not-found and a media answer', async () => {
    const answers = await Promise.all([
      fetch(`${server.url}/channels/demo.json`),
      fetch(`${server.url}/profile?api_key=nope`),
      fetch(`${server.url}/no-such-call`),
      fetch(`${server.url}/media/images/nope.png`),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, expect.any(Number), 404, 404]);
    expect(answers[1].status).toBeGreaterThanOrEqual(400);
    expect(answers.map((res) => res.headers.get('x-served-by'))).toEqual([INSTANCE, INSTANCE, INSTANCE, INSTANCE]);
    // A header only: never a reason for a cache to keep one copy per instance.
    for (const res of answers) expect(res.headers.get('vary') ?? '').not.toMatch(/served-by/i);
  });

  // PostgreSQL only can stop answering and come back under a running server: PGlite is the
  // process's own memory (the server's close() is its only end).
  if (onPostgres) {
    it('answers 503 with a reason while PostgreSQL refuses connections, and 200 again after, without a restart', async () => {
      const name = new URL(server.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        const down = await fetch(`${server.url}/healthz`);
        expect(down.status).toBe(503);
        const body = (await down.json()) as { ok: boolean; reason: string };
        // 55000: "database … is not currently accepting connections"; 57P01: a terminated session.
        expect(body).toMatchObject({ ok: false, reason: expect.stringMatching(/^the database did not answer \((55000|57P01)\)$/) });
        expect(down.headers.get('x-served-by')).toBe(INSTANCE);
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 10_000 }).toBe(200);
      expect((await http.request('GET', '/channels/demo.json')).status).toBe(200);
    });
  }
});
