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

/** Rows as one JSON parameter for `jsonb_to_recordset`, their keys in the tables' snake_case
 *  (`channelId` → `channel_id`), absent values null. On PGlite a statement's cost grows with its
 *  parameters: one for a batch beats a dozen per row several times over (ADR 049). */
function asJsonRows(rows: readonly object[]): string {
  const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [snake(key), value ?? null]))));
}

/** The visitors' sessions, one statement for the lot: each created when none exists, else seen
 *  again now; a tracking code, user, device given replace what it held (the latest campaign link
 *  wins). `visits` must name each visitor once. */
export async function touchSessions(db: Executor, visits: SessionFacts[], now: Date, lifetimeMs: number): Promise<SessionRow[]> {
  if (visits.length === 0) return [];
  const input = asJsonRows(visits);
  const expires = new Date(now.getTime() + lifetimeMs);
  const result = await db.execute(sql`
    INSERT INTO analytics_sessions (channel_id, visitor, user_id, trk, device_type, platform, resolution, started_at, last_seen_at, expires_at)
    SELECT i.channel_id, i.visitor, i.user_id, i.trk, i.device_type, i.platform, i.resolution, ${now}, ${now}, ${expires}
    FROM jsonb_to_recordset(${input}::jsonb)
      AS i(channel_id int, visitor text, user_id int, trk text, device_type text, platform text, resolution text)
    ON CONFLICT (channel_id, visitor) DO UPDATE SET
      last_seen_at = ${now},
      trk = COALESCE(excluded.trk, analytics_sessions.trk),
      user_id = COALESCE(excluded.user_id, analytics_sessions.user_id),
      device_type = COALESCE(excluded.device_type, analytics_sessions.device_type),
      platform = COALESCE(excluded.platform, analytics_sessions.platform),
      resolution = COALESCE(excluded.resolution, analytics_sessions.resolution)
    RETURNING id, channel_id, visitor, user_id, trk, device_type, platform, resolution, started_at, last_seen_at, expires_at`);
  type Raw = Record<'id' | 'visitor', string> &
    Record<'channel_id', number> &
    Record<'user_id', number | null> &
    Record<'trk' | 'device_type' | 'platform' | 'resolution', string | null> &
    Record<'started_at' | 'last_seen_at' | 'expires_at', Date | string>;
  return (result.rows as Raw[]).map((r) => ({
    id: r.id,
    channelId: Number(r.channel_id),
    visitor: r.visitor,
    userId: r.user_id === null ? null : Number(r.user_id),
    trk: r.trk,
    deviceType: r.device_type,
    platform: r.platform,
    resolution: r.resolution,
    startedAt: new Date(r.started_at),
    lastSeenAt: new Date(r.last_seen_at),
    expiresAt: new Date(r.expires_at),
  }));
}

/** One visitor's session (touchSessions). */
export async function touchSession(db: Executor, facts: SessionFacts, now: Date, lifetimeMs: number): Promise<SessionRow> {
  const [row] = await touchSessions(db, [facts], now, lifetimeMs);
  return row;
}

export type NewEvent = typeof t.analyticsEvents.$inferInsert;

/** Appends events, all in one statement with one JSON parameter (as touchSessions). */
export async function insertEvents(db: Executor, rows: NewEvent[]): Promise<number> {
  if (rows.length === 0) return 0;
  const now = new Date();
  const input = asJsonRows(rows.map((r) => ({ ...r, at: r.at ?? now })));
  await db.execute(sql`
    INSERT INTO analytics_events (channel_id, at, name, visitor, session_id, user_id, path, page_kind, event_id, vod_id, product_type, product_id, trk, video_view_id, position, props, count)
    SELECT channel_id, at, name, visitor, session_id, user_id, path, page_kind, event_id, vod_id, product_type, product_id, trk, video_view_id, position, props, COALESCE(count, 1)
    FROM jsonb_to_recordset(${input}::jsonb)
      AS i(channel_id int, at timestamptz, name text, visitor text, session_id uuid, user_id int, path text, page_kind text, event_id int, vod_id int,
           product_type text, product_id int, trk text, video_view_id uuid, position int, props jsonb, count int)`);
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
 * Adds seconds to each visitor's current view of its stream, or starts a view where they have none
 * seen in the last `gapSeconds`: set-based, three statements for the lot. One view at a time per
 * visitor and stream: each (visitor, stream) is locked first (a transaction-scoped advisory lock,
 * taken in one order), so a segment count and a heartbeat arriving together never start two views.
 * `views` must name each (visitor, stream) once (the service sums them). Inside a transaction.
 */
export async function addViewings(
  tx: Executor,
  views: ViewingFacts[],
  now: Date,
  gapSeconds: number,
): Promise<{ id: string; visitor: string; streamId: string; watchedSeconds: number }[]> {
  if (views.length === 0) return [];
  const channelId = views[0].channelId;
  const keys = JSON.stringify(views.map((v) => `${v.channelId}|${v.visitor}|${v.streamId}`).sort());
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(k)) FROM (SELECT k FROM jsonb_array_elements_text(${keys}::jsonb) AS k ORDER BY k) AS ordered`);
  const input = asJsonRows(views);
  const since = new Date(now.getTime() - gapSeconds * 1000);
  const result = await tx.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb)
        AS i(visitor text, stream_id text, stream_type text, segment_seconds int, player_seconds int, event_id int, vod_id int, user_id int, session_id uuid)
    ), current AS (
      SELECT DISTINCT ON (i.visitor, i.stream_id) w.id, i.*
      FROM input i
      JOIN video_views w ON w.channel_id = ${channelId} AND w.visitor = i.visitor AND w.stream_id = i.stream_id AND w.last_seen_at > ${since}
      ORDER BY i.visitor, i.stream_id, w.last_seen_at DESC
    ), updated AS (
      UPDATE video_views w SET
        segment_seconds = w.segment_seconds + c.segment_seconds,
        player_seconds = w.player_seconds + c.player_seconds,
        last_seen_at = ${now},
        event_id = COALESCE(w.event_id, c.event_id),
        vod_id = COALESCE(w.vod_id, c.vod_id),
        user_id = COALESCE(w.user_id, c.user_id),
        session_id = COALESCE(w.session_id, c.session_id)
      FROM current c WHERE w.id = c.id
      RETURNING w.id, w.visitor, w.stream_id, w.watched_seconds
    ), inserted AS (
      INSERT INTO video_views (channel_id, visitor, stream_id, stream_type, event_id, vod_id, user_id, session_id, segment_seconds, player_seconds, started_at, last_seen_at)
      SELECT ${channelId}, i.visitor, i.stream_id, i.stream_type, i.event_id, i.vod_id, i.user_id, i.session_id, i.segment_seconds, i.player_seconds, ${now}, ${now}
      FROM input i
      WHERE NOT EXISTS (SELECT 1 FROM current c WHERE c.visitor = i.visitor AND c.stream_id = i.stream_id)
      RETURNING id, visitor, stream_id, watched_seconds
    )
    SELECT id, visitor, stream_id, watched_seconds::int AS watched_seconds FROM updated
    UNION ALL
    SELECT id, visitor, stream_id, watched_seconds::int AS watched_seconds FROM inserted`);
  return (result.rows as { id: string; visitor: string; stream_id: string; watched_seconds: number | string }[]).map((r) => ({
    id: r.id,
    visitor: r.visitor,
    streamId: r.stream_id,
    watchedSeconds: Number(r.watched_seconds),
  }));
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
