import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { copySeededPglite } from './pglite-template.ts';
import type { Db } from '../../../channel-api/db/client.ts';
import { startChannelApi, type ChannelApi, type ChannelApiOptions } from '../../../channel-api/server.ts';
import { linkSharedMedia } from '../../support/media-cache.ts';

/*
 * Starts the real channel API for a test file. Database: PGlite in a fresh temp data dir (a copy
 * of one seeded once per run: pglite-template.ts), or, when TEST_DATABASE_URL is set, a fresh PostgreSQL database created next to it (dropped on
 * close), so the same suite runs on both. The demo media is made once per machine in a shared
 * cache and linked into each temp data dir, so test files do not each run ffmpeg.
 */

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestChannelApi {
  url: string;
  dataDir: string;
  /** `<dataDir>/outbox`: where the server writes its mail. */
  outbox: string;
  /** The server's open database (for arranging data the API cannot create yet, and clocks). */
  db: Db;
  databaseUrl?: string;
  /** The server's job queue (to send a job as the server would). */
  jobs: ChannelApi['jobs'];
  close(): Promise<void>;
}

export async function startTestChannelApi(opts: Omit<ChannelApiOptions, 'port' | 'dataDir' | 'databaseUrl'> = {}): Promise<TestChannelApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-api-'));
  await linkSharedMedia(dataDir);
  if (!onPostgres) await copySeededPglite(dataDir);
  const database = onPostgres ? await createTestDatabase(process.env.TEST_DATABASE_URL as string) : undefined;
  try {
    const api = await startChannelApi({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: database?.url, logger: false, ...opts });
    return {
      url: api.url,
      dataDir,
      outbox: path.join(dataDir, 'outbox'),
      db: api.db,
      databaseUrl: database?.url,
      jobs: api.jobs,
      close: async () => {
        await api.close();
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database?.drop();
    throw error;
  }
}

/** What a test file starts before its first test (beforeAll) and closes after its last (afterAll),
 *  destructured at the top of the file: `const { http, acc } = forThisFile(() => startShop(…))`.
 *  Each part is a stand-in that reaches the started one when a test uses it. */
export function forThisFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  const part = (key: string | symbol) =>
    new Proxy(
      {},
      {
        get(_, prop) {
          if (!started) throw new Error(`${String(key)} is used before beforeAll started it`);
          const target = Reflect.get(started, key) as object;
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      },
    );
  return new Proxy({} as T, { get: (_, key) => part(key) });
}

export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fieldhouse_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // pool.end() returns before the server has seen every session leave; wait for them
        // rather than force them out (a forced disconnect surfaces as an uncaught client error).
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** A small client for tests: JSON in and out, api key as query parameter (GET) or body field (POST). */
export function client(baseUrl: string) {
  async function request(
    method: string,
    pathname: string,
    opts: { query?: Record<string, string | string[]>; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const url = new URL(pathname, baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) for (const one of [v].flat()) url.searchParams.append(k, one);
    const res = await fetch(url, {
      method,
      headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // Tests read fields freely and check shapes with the contract's schemas.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, headers: res.headers, text, json: json as any };
  }
  async function apiKey(): Promise<string> {
    const config = await request('GET', '/channels/demo.json');
    const key = await request('POST', '/get_api_key', { body: { channel_key: config.json.channel_key } });
    if (key.status !== 200) throw new Error(`get_api_key: ${key.status} ${key.text}`);
    return key.json.data.api_key as string;
  }
  return { request, apiKey, baseUrl };
}
