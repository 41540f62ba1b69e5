import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../channel-api/db/client.ts';
import { seedIfEmpty } from '../../../channel-api/seed/seed.ts';
import { testData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* First start seeds the demo channel once, even when two starts race on one database. */

/** An empty database (PGlite in a fresh data dir, or a fresh PostgreSQL database), opened as a start opens it. */
const { database } = forThisFile(async () => {
  const data = await testData();
  const database = await openDatabase(data).catch(async (error) => {
    await data.close();
    throw error;
  });
  return {
    database,
    close: async () => {
      await database.close();
      await data.close();
    },
  };
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
