import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { streamStatusSql } from './event-status.ts';
import type { Db, Executor } from '../db/client.ts';
import * as t from '../db/schema.ts';

/* The analytics tables (ADR 049): the day's salt, visitors' sessions, the append-only events and
   one row per video view. */

/** The salt of `day` (YYYY-MM-DD, UTC), made when first asked for; every older salt is deleted
 *  then, so an older day's hashes cannot be made again. */
export async function saltOf(db: Db, day: string): Promise<string> {
  const s = t.analyticsSalts;
  const [known] = await db.select({ salt: s.salt }).from(s).where(eq(s.day, day));
  if (known) return known.salt;
  await db
    .insert(s)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  await db.delete(s).where(lt(s.day, day));
  // Another server may have made it first: the one stored is the day's.
  const [made] = await db.select({ salt: s.salt }).from(s).where(eq(s.day, day));
  return made.salt;
}

export interface SessionFacts {
  channelId: number;
  visitor: string;
  userId: number | null;
  trk: string | null;
  deviceType?: string | null;
  platform?: string | null;
  resolution?: string | null;
}

export type SessionRow = typeof t.analyticsSessions.$inferSelect;

/** The visitor's session: created when none exists, else seen again now; a tracking code, user,
 *  device given replace what it held (the latest campaign link wins). */
export async function touchSession(db: Executor, facts: SessionFacts, now: Date, lifetimeMs: number): Promise<SessionRow> {
  const s = t.analyticsSessions;
  const keep = (column: typeof s.trk | typeof s.userId | typeof s.deviceType | typeof s.platform | typeof s.resolution, name: string) =>
    sql`COALESCE(excluded.${sql.identifier(name)}, ${column})`;
  const [row] = await db
    .insert(s)
    .values({
      channelId: facts.channelId,
      visitor: facts.visitor,
      userId: facts.userId,
      trk: facts.trk,
      deviceType: facts.deviceType ?? null,
      platform: facts.platform ?? null,
      resolution: facts.resolution ?? null,
      startedAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    })
    .onConflictDoUpdate({
      target: [s.channelId, s.visitor],
      set: {
        lastSeenAt: now,
        trk: keep(s.trk, 'trk'),
        userId: keep(s.userId, 'user_id'),
        deviceType: keep(s.deviceType, 'device_type'),
        platform: keep(s.platform, 'platform'),
        resolution: keep(s.resolution, 'resolution'),
      },
    })
    .returning();
  return row;
}

export type NewEvent = typeof t.analyticsEvents.$inferInsert;

/** Appends events, all in one statement. */
export async function insertEvents(db: Executor, rows: NewEvent[]): Promise<number> {
  if (rows.length === 0) return 0;
  await db.insert(t.analyticsEvents).values(rows);
  return rows.length;
}

export interface ViewingFacts {
  channelId: number;
  visitor: string;
  sessionId: string | null;
  userId: number | null;
  streamId: string;
  streamType: 'live' | 'vod';
  eventId: number | null;
  vodId: number | null;
  segmentSeconds: number;
  playerSeconds: number;
}

/**
 * Adds seconds to the visitor's current view of the stream, or starts a view when they have none
 * seen in the last `gapSeconds`. One view at a time per visitor and stream: the row is found and
 * written under a transaction-scoped advisory lock on (visitor, stream), so a segment count and a
 * heartbeat arriving together never start two views. Inside the caller's transaction.
 */
export async function addViewing(
  tx: Executor,
  v: ViewingFacts,
  now: Date,
  gapSeconds: number,
): Promise<{ id: string; watchedSeconds: number; created: boolean }> {
  const w = t.videoViews;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${v.channelId}|${v.visitor}|${v.streamId}`}))`);
  const since = new Date(now.getTime() - gapSeconds * 1000);
  const current = tx
    .select({ id: w.id })
    .from(w)
    .where(and(eq(w.channelId, v.channelId), eq(w.visitor, v.visitor), eq(w.streamId, v.streamId), sql`${w.lastSeenAt} > ${since}`))
    .orderBy(sql`${w.lastSeenAt} DESC`)
    .limit(1);
  const [updated] = await tx
    .update(w)
    .set({
      segmentSeconds: sql`${w.segmentSeconds} + ${v.segmentSeconds}`,
      playerSeconds: sql`${w.playerSeconds} + ${v.playerSeconds}`,
      lastSeenAt: now,
      eventId: sql`COALESCE(${w.eventId}, ${v.eventId})`,
      vodId: sql`COALESCE(${w.vodId}, ${v.vodId})`,
      userId: sql`COALESCE(${w.userId}, ${v.userId})`,
      sessionId: sql`COALESCE(${w.sessionId}, ${v.sessionId}::uuid)`,
    })
    .where(sql`${w.id} = (${current})`)
    .returning({ id: w.id, watchedSeconds: w.watchedSeconds });
  if (updated) return { ...updated, created: false };
  const [inserted] = await tx
    .insert(w)
    .values({ ...v, startedAt: now, lastSeenAt: now })
    .returning({ id: w.id, watchedSeconds: w.watchedSeconds });
  return { ...inserted, created: true };
}

/** The one game (or video) a stream plays, when only one does: a live asset's game that is live
 *  now, a finished game's recording, a library video. Null when none or several. */
export async function itemOfStream(
  db: Db,
  channelId: number,
  stream: { type: 'live' | 'vod'; asset: string },
  now: number,
): Promise<{ eventId: number | null; vodId: number | null }> {
  const e = t.events;
  const status = streamStatusSql(now);
  const games = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.channelId, channelId), eq(e.asset, stream.asset), stream.type === 'live' ? sql`${status} = 'live'` : sql`${status} = 'finished'`))
    .orderBy(asc(e.id))
    .limit(2);
  if (games.length === 1) return { eventId: games[0].id, vodId: null };
  if (games.length > 1 || stream.type === 'live') return { eventId: null, vodId: null };
  const v = t.vodItems;
  const videos = await db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.channelId, channelId), eq(v.asset, stream.asset)))
    .limit(2);
  return { eventId: null, vodId: videos.length === 1 ? videos[0].id : null };
}

/** What the tables hold of one visitor (by their hash) or one tracking code: their sessions,
 *  events, views, and the orders made with the code. The operator's look at the raw figures. */
export async function recordsOf(db: Db, by: { visitor?: string; trk?: string }) {
  const s = t.analyticsSessions;
  const e = t.analyticsEvents;
  const w = t.videoViews;
  const o = t.orders;
  const sessions = await db
    .select()
    .from(s)
    .where(by.visitor ? eq(s.visitor, by.visitor) : eq(s.trk, by.trk ?? ''));
  const events = await db
    .select()
    .from(e)
    .where(by.visitor ? eq(e.visitor, by.visitor) : eq(e.trk, by.trk ?? ''))
    .orderBy(asc(e.id));
  // A code's views: those of the visitors whose session came with it.
  const visitors = by.visitor ? [by.visitor] : sessions.map((row) => row.visitor);
  const views = visitors.length > 0 ? await db.select().from(w).where(inArray(w.visitor, visitors)).orderBy(asc(w.startedAt)) : [];
  const orders = by.trk
    ? await db
        .select({ id: o.id, status: o.status, trk: o.trk, amountCents: o.amountCents, currency: o.currency, product: o.product })
        .from(o)
        .where(eq(o.trk, by.trk))
        .orderBy(asc(o.id))
    : [];
  return { sessions, events, views, orders };
}
