import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { downloads, users } from '../db/schema.ts';

/* What a fan downloaded (spec featureCount.downloads): one row per fan and game or clip, however
 * many times or byte ranges it was fetched. */

/** Records that the fan downloads this game or clip; their count goes up only the first time.
 *  One transaction, and the row's primary key decides: of two requests at once, the second waits
 *  for the first's insert and finds the row there (ON CONFLICT DO NOTHING), so it counts once. */
export async function recordDownload(db: Db, userId: number, kind: 'event' | 'clip', itemId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx.insert(downloads).values({ userId, kind, itemId }).onConflictDoNothing().returning({ userId: downloads.userId });
    if (added.length === 0) return false;
    await tx
      .update(users)
      .set({ downloadsCount: sql`${users.downloadsCount} + 1` })
      .where(eq(users.id, userId));
    return true;
  });
}
