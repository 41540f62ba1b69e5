import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { followedBy } from './follows.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/* A fan's calendar feed: the keyed hash of its token and the token sealed (one feed per fan), the games it lists, and
   each game's version in the feeds (what SEQUENCE and DTSTAMP are made of). */

/** The fan's feed: when it was made (or last reset) and its sealed token; null when they have none. */
export async function feedOf(db: Db, userId: number): Promise<{ createdAt: Date; tokenSealed: string | null } | null> {
  const f = t.calendarFeeds;
  const [row] = await db.select({ createdAt: f.createdAt, tokenSealed: f.tokenSealed }).from(f).where(eq(f.userId, userId));
  return row ?? null;
}

/** The fan's feed with this token hash and sealed token, replacing the one they had (its address stops at once). */
export async function replaceFeed(db: Db, userId: number, token: { hash: string; sealed: string }, now: Date): Promise<void> {
  const set = { tokenHash: token.hash, tokenSealed: token.sealed, createdAt: now };
  await db
    .insert(t.calendarFeeds)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: t.calendarFeeds.userId, set });
}

export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.delete(t.calendarFeeds).where(eq(t.calendarFeeds.userId, userId));
}

/** The fan whose feed has one of these token hashes (the token hashed by each signing key), in
 *  this channel; null for none. */
export async function feedOwner(db: Db, channelId: number, tokenHashes: string[]): Promise<number | null> {
  const [row] = await db
    .select({ userId: t.calendarFeeds.userId })
    .from(t.calendarFeeds)
    .innerJoin(t.users, eq(t.users.id, t.calendarFeeds.userId))
    .where(and(inArray(t.calendarFeeds.tokenHash, tokenHashes), eq(t.users.channelId, channelId)));
  return row?.userId ?? null;
}

export interface FeedGameRow {
  id: number;
  name: string;
  eventUtcTs: number;
  duration: number;
  venue: string | null;
  address: string | null;
  city: string | null;
}

/** The games the fan follows (as GET /events/favorite counts them) that end at `from` or later,
 *  the soonest first, at most `limit`. */
export function followedGamesFrom(db: Db, channelId: number, userId: number, from: number, limit: number): Promise<FeedGameRow[]> {
  const e = t.events;
  return db
    .select({
      id: e.id,
      name: e.name,
      eventUtcTs: e.eventUtcTs,
      duration: e.duration,
      venue: t.eventLocations.name,
      address: t.eventLocations.address,
      city: t.eventLocations.city,
    })
    .from(e)
    .leftJoin(t.eventLocations, eq(t.eventLocations.id, e.locationId))
    .where(and(eq(e.channelId, channelId), followedBy(userId), sql`${e.eventUtcTs} + ${e.duration} >= ${from}`))
    .orderBy(asc(e.eventUtcTs), asc(e.id))
    .limit(limit);
}

export interface EventVersion {
  sequence: number;
  changedAt: Date;
}

/** Records how the feeds tell each game (its fingerprint) and answers each game's version: a game
 *  seen first is sequence 0; one whose fingerprint differs from the kept one is the next sequence,
 *  changed now. One upsert, so two fetches at once bump a change once. */
export async function versionsOf(db: Db, fingerprints: Map<number, string>, now: Date): Promise<Map<number, EventVersion>> {
  const v = t.calendarEventVersions;
  // In id order: two feeds upserting at once lock their common rows in the same order.
  const ids = [...fingerprints.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await db
    .insert(v)
    .values(ids.map((eventId) => ({ eventId, fingerprint: fingerprints.get(eventId)!, sequence: 0, changedAt: now })))
    .onConflictDoUpdate({
      target: v.eventId,
      set: { fingerprint: sql`excluded.fingerprint`, sequence: sql`${v.sequence} + 1`, changedAt: sql`excluded.changed_at` },
      setWhere: sql`${v.fingerprint} <> excluded.fingerprint`,
    });
  const rows = await db.select({ eventId: v.eventId, sequence: v.sequence, changedAt: v.changedAt }).from(v).where(inArray(v.eventId, ids));
  return new Map(rows.map((r) => [r.eventId, { sequence: r.sequence, changedAt: r.changedAt }]));
}
