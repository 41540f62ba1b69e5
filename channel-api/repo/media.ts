import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiKeys, events, vodItems } from '../db/schema.ts';

/* What media access reads (services/media-access.ts): the assets free events and videos play,
   which are public, and a fan's live sessions. */

/** Where each free asset is blacked out: the countries where every free game that plays it is
 *  (a free video is blacked out nowhere). A public asset is refused there only (ADR 054). */
export async function freeAssetBlackouts(db: Db): Promise<Map<string, string[]>> {
  const [fromEvents, fromVideos] = await Promise.all([
    db
      .select({ asset: events.asset, blackout: events.blackoutCountries })
      .from(events)
      .where(and(eq(events.type, 'free'), isNotNull(events.asset))),
    db.selectDistinct({ asset: vodItems.asset }).from(vodItems).where(eq(vodItems.type, 'free')),
  ]);
  const byAsset = new Map<string, string[]>();
  for (const { asset, blackout } of [...fromEvents, ...fromVideos.map((v) => ({ asset: v.asset, blackout: [] as string[] }))]) {
    if (asset === null) continue;
    const before = byAsset.get(asset);
    byAsset.set(asset, before ? before.filter((c) => blackout.includes(c)) : [...blackout]);
  }
  return byAsset;
}

/** The api keys of a fan's sessions that have not ended. */
export async function liveSessionKeys(db: Db, userId: number, now: Date): Promise<string[]> {
  const rows = await db
    .select({ key: apiKeys.key })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), gt(apiKeys.expiresAt, now)));
  return rows.map((r) => r.key);
}
