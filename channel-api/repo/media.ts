import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiKeys, events, vodItems } from '../db/schema.ts';

/* What media access reads (services/media-access.ts): the assets free events and videos play,
   which are public, and a fan's live sessions. */

/** Assets that some free event or free video plays, in any channel: anyone may fetch them. */
export async function freeAssets(db: Db): Promise<string[]> {
  const [fromEvents, fromVideos] = await Promise.all([
    db
      .selectDistinct({ asset: events.asset })
      .from(events)
      .where(and(eq(events.type, 'free'), isNotNull(events.asset))),
    db.selectDistinct({ asset: vodItems.asset }).from(vodItems).where(eq(vodItems.type, 'free')),
  ]);
  return [...fromEvents, ...fromVideos].map((r) => r.asset).filter((a): a is string => a !== null);
}

/** The api keys of a fan's sessions that have not ended. */
export async function liveSessionKeys(db: Db, userId: number, now: Date): Promise<string[]> {
  const rows = await db
    .select({ key: apiKeys.key })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), gt(apiKeys.expiresAt, now)));
  return rows.map((r) => r.key);
}
