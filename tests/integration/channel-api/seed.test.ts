import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../channel-api/db/client.ts';
import { seedIfEmpty } from '../../../channel-api/seed/seed.ts';
import { createTestDatabase, onPostgres } from '../support/channel-api.ts';

/* First start seeds the demo channel once, even when two starts race on one database. */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-seed-'));
let pgDatabase: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let database: Database;

beforeAll(async () => {
  if (onPostgres) pgDatabase = await createTestDatabase(process.env.TEST_DATABASE_URL as string);
  database = await openDatabase({ dataDir, databaseUrl: pgDatabase?.url });
});
afterAll(async () => {
  await database?.close();
  await pgDatabase?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('seeds exactly once when two starts race, and not again later', async () => {
    const results = await Promise.all([seedIfEmpty(database.db), seedIfEmpty(database.db)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await seedIfEmpty(database.db)).toBe(false);
    const count = async (table: string) => Number((await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0].n);
    expect(await count('channels')).toBe(1);
    expect(await count('events')).toBeGreaterThanOrEqual(40);
  });
});
