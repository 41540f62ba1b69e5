import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { channels } from '../db/schema.ts';
import { demoChannel } from './demo-channel.ts';
import { loadChannel } from './load.ts';

/** Seeds the demo channel when the database holds no channel yet (first start). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(channels);
  if (count > 0) return false;
  await loadChannel(db, demoChannel());
  return true;
}
