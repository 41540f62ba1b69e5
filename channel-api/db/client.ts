import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirLock } from './lock.ts';
import { copyTemplateIfFresh } from './pglite-template.ts';
import * as schema from './schema.ts';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Both drivers share the query builder API; we type against the PGlite flavour. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Brings the planner's statistics up to date after a large change (a seed, an import). */
  analyze(): Promise<void>;
  /** A `select 1`: rejects when the database does not answer (the health check, ADR 058). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/* PostgreSQL's autovacuum keeps the planner's statistics; PGlite has no autovacuum, so a table
 * it never analysed looks empty to the planner (a fan's 5,000-game list took 3 s through a nested
 * loop instead of 0.1 s through a hash join: tests/bench/follows.ts). PGlite is analysed when it
 * opens and then every STATISTICS_EVERY_MS; its ANALYZE takes milliseconds at this size. */
const STATISTICS_EVERY_MS = 60 * 60 * 1000;

/** Opens PostgreSQL when databaseUrl is set, else PGlite on `${dataDir}/pglite`; applies migrations. */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => console.error('channel-api: PostgreSQL connection error', error.message));
    // So must one dropped while it is checked out between two queries (a transaction, the clip
    // reaper's): its next query fails and says so; an 'error' event nobody hears ends the process.
    pool.on('connect', (client) => client.on('error', (error) => console.error('channel-api: PostgreSQL connection lost', error.message)));
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      analyze: async () => undefined,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }

  const dir = path.resolve(opts.dataDir, 'pglite');
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const release = acquireDirLock(dir);
  let client: PGlite | undefined;
  try {
    // A first start copies the empty migrated database `npm run build` made (initdb in
    // WebAssembly takes seconds): pglite-template.ts.
    copyTemplateIfFresh(dir);
    client = new PGlite(dir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    const analyze = async () => {
      if (!opened.closed) await opened.exec('ANALYZE');
    };
    await analyze();
    const statistics = setInterval(() => analyze().catch((error: Error) => console.error('channel-api: ANALYZE failed', error.message)), STATISTICS_EVERY_MS);
    statistics.unref();
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: 'pglite',
      analyze,
      ping: async () => void (await opened.query('select 1')),
      close: () =>
        (closing ??= (async () => {
          clearInterval(statistics);
          try {
            if (!opened.closed) await opened.close();
          } finally {
            release();
          }
        })()),
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    release();
    throw error;
  }
}

/** A transaction handle; repo functions that must run inside one take `Executor`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
