import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client.ts';

/* How pg-boss reaches our database: its `db` option takes anything with `executeSql(text, values)`.
 * The queue shares the channel API's connection (PGlite) or pool (PostgreSQL), so one process
 * opens one database (TOOLCHAIN.md, recipe 2). */

export type QueueSql = PgBoss.Db;
type Rows = { rows: unknown[] };

// pg-boss wraps its maintenance and migrations as one parameterless batch, `BEGIN; …; COMMIT;`.
const LOCKED_BATCH = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/** PGlite: `query` runs one statement with parameters; pg-boss's parameterless batches need `exec`. */
function pgliteSql(client: PGlite): QueueSql {
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      const batch = LOCKED_BATCH.exec(text);
      // PGlite's own transaction runs BEGIN, the batch and COMMIT or ROLLBACK while it holds the
      // connection: a failed batch cannot leave the one connection "aborted" for the API's next
      // query, as it would between a failed `exec` and a ROLLBACK sent after it.
      const results = batch ? await client.transaction((tx) => tx.exec(batch[1])) : await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** PostgreSQL: the pool, as pg-boss's own connection would use it; a failed batch rolls back its
 *  connection before it goes back to the pool. */
function postgresSql(pool: pg.Pool): QueueSql {
  return {
    async executeSql(text, values) {
      if (values?.length) return pool.query(text, values);
      const connection = await pool.connect();
      try {
        const result = (await connection.query(text)) as unknown as Rows | Rows[];
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

export function databaseSql(database: Database): QueueSql {
  const client: unknown = database.db.$client;
  return database.kind === 'pglite' ? pgliteSql(client as PGlite) : postgresSql(client as pg.Pool);
}

/** The connection of an open drizzle transaction, so a job is sent in it (`send(…, { db })`) and
 *  exists only if the transaction commits. drizzle keeps it, on both drivers, as `session.client`
 *  (a PGlite Transaction or a pg PoolClient); pg-boss sends one parameterised INSERT through it. */
export function transactionSql(tx: Tx): QueueSql {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('job queue: this drizzle transaction has no session.client to send a job in');
  const queryable = client as { query(text: string, values?: unknown[]): Promise<Rows> };
  return { executeSql: (text, values) => queryable.query(text, values) };
}
