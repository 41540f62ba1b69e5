import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { accounts } from './accounts.ts';
import { forThisFile } from './fixture.ts';
import { copySeededPglite } from './pglite-template.ts';
import type { Db } from '../../../channel-api/db/client.ts';
import { startChannelApi, type ChannelApi, type ChannelApiOptions } from '../../../channel-api/server.ts';
import { linkSharedMedia } from '../../support/media-cache.ts';
import { startOidcProvider, type OidcClient } from '../../support/oidc-provider.ts';

/*
 * Starts the real channel API for a test file (a test file does it through its fixture:
 * apiForThisFile, or forThisFile(() => startApi(…)); fixture.ts). Database: PGlite in a fresh temp data dir (a copy
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
  /** Writes the pre-roll moments the server keeps in memory for a second. */
  flushAnalytics(): Promise<void>;
  close(): Promise<void>;
}

/** Where a channel API keeps its data: a temp data dir and, when TEST_DATABASE_URL is set, a fresh
 *  PostgreSQL database beside it. Removed by close(). */
export interface TestData {
  dataDir: string;
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A fresh place for a channel API's data (or an operator command's): `seeded` puts in a copy of
 *  the run's seeded PGlite (on PostgreSQL the first start seeds), `media` links the shared demo media. */
export async function testData({ seeded = false, media = false } = {}): Promise<TestData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-api-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    if (media) await linkSharedMedia(dataDir);
    if (seeded && !onPostgres) await copySeededPglite(dataDir);
    const database = onPostgres ? await createTestDatabase(process.env.TEST_DATABASE_URL as string) : undefined;
    return {
      dataDir,
      databaseUrl: database?.url,
      close: async () => {
        await database?.drop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}

type TestChannelApiOptions = Omit<ChannelApiOptions, 'port' | 'dataDir' | 'databaseUrl'> & {
  /** Open this data (which close() leaves) instead of a fresh seeded copy (which close() removes). */
  data?: Pick<TestData, 'dataDir' | 'databaseUrl'>;
};

/** The channel API on loopback, on `opts.data` or on fresh seeded data with the demo media (a
 *  test file starts it with startApi or apiForThisFile, which add its client and accounts). */
async function startTestChannelApi({ data: given, ...opts }: TestChannelApiOptions = {}): Promise<TestChannelApi> {
  const owned = given ? undefined : await testData({ seeded: true, media: true });
  const data = given ?? (owned as TestData);
  try {
    const api = await startChannelApi({ port: 0, host: '127.0.0.1', dataDir: data.dataDir, databaseUrl: data.databaseUrl, logger: false, ...opts });
    return {
      url: api.url,
      dataDir: data.dataDir,
      outbox: path.join(data.dataDir, 'outbox'),
      db: api.db,
      databaseUrl: data.databaseUrl,
      jobs: api.jobs,
      flushAnalytics: api.flushAnalytics,
      close: async () => {
        await api.close();
        await owned?.close();
      },
    };
  } catch (error) {
    await owned?.close();
    throw error;
  }
}

/** A started channel API with the two helpers most tests use: `http` (its client) and `acc` (making
 *  fans). A test that needs one only for itself starts it and closes it in a `finally`. */
export async function startApi(opts: TestChannelApiOptions = {}) {
  const server = await startTestChannelApi(opts);
  const http = client(server.url);
  return { server, http, acc: accounts(server, http), close: () => server.close() };
}

/** startApi with Google sign-in against a local OpenID provider (tests/support/oidc-provider.ts)
 *  that knows `oidcClient`; Facebook off. */
export async function startApiWithGoogle(oidcClient: OidcClient, opts: TestChannelApiOptions = {}) {
  const provider = await startOidcProvider({ client: oidcClient });
  try {
    const api = await startApi({ ...opts, social: { google: { issuer: provider.issuer, clientId: oidcClient.client_id }, facebook: null } });
    return {
      ...api,
      provider,
      close: async () => {
        await api.close();
        await provider.close();
      },
    };
  } catch (error) {
    await provider.close();
    throw error;
  }
}

/** The channel API of a test file (or of a describe block): started before its first test, closed
 *  after its last; `arrange` looks up what its tests read (forThisFile). */
export const apiForThisFile = (opts: TestChannelApiOptions = {}, arrange?: (started: Awaited<ReturnType<typeof startApi>>) => Promise<void>) =>
  forThisFile(() => startApi(opts), { arrange });

async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
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
