import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { channelRef } from './channel.ts';

/* What the channel learns of its audience (the spec's datalake, section 7; ADR 049). A visitor is
 * a daily-salted hash of their address and user agent, never either in the clear; a signed-in
 * fan's id is kept beside it. Nothing here references a user or a game by foreign key: the
 * figures outlive an account's deletion (the id then means nobody) and inserts stay cheap. */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** The salt of one UTC day: a visitor's hash that day is HMAC(salt, address + user agent). Older
 *  salts are deleted as a new day's is made, so yesterday's hashes cannot be recomputed. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** A visitor's analytics session: one per visitor hash, so at most one day (the hash changes
 *  with the salt) and never more than ANALYTICS_SESSION_HOURS (spec section 9: 24 h). */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: channelRef(),
    visitor: text('visitor').notNull(),
    userId: integer('user_id'),
    /** The outer tracking code (`?trk=`) the visit came with; the latest one wins. */
    trk: text('trk'),
    deviceType: text('device_type'),
    platform: text('platform'),
    resolution: text('resolution'),
    startedAt: stamp('started_at').notNull().defaultNow(),
    lastSeenAt: stamp('last_seen_at').notNull().defaultNow(),
    expiresAt: stamp('expires_at').notNull(),
  },
  (t) => [uniqueIndex('analytics_sessions_visitor_uq').on(t.channelId, t.visitor), index('analytics_sessions_started_idx').on(t.startedAt)],
);

/** Every event, appended and never updated: page views (`page_view`, with the page's kind and
 *  game), the funnel's `checkout`, the player's `video_*` events, pre-roll counts
 *  (`preroll_impression`, `_complete`, `_skip`, `_click`). Read by time range: BRIN on `at`. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a row appended is never checked against another table (each would cost a
    // lookup per event); a channel's events go with it by its id.
    channelId: integer('channel_id').notNull(),
    at: stamp('at').notNull().defaultNow(),
    name: text('name').notNull(),
    visitor: text('visitor').notNull(),
    sessionId: uuid('session_id'),
    userId: integer('user_id'),
    /** The page's path (no query string), and what kind of page it is (contract/analytics.ts). */
    path: text('path'),
    pageKind: text('page_kind'),
    eventId: integer('event_id'),
    vodId: integer('vod_id'),
    productType: text('product_type'),
    productId: integer('product_id'),
    trk: text('trk'),
    videoViewId: uuid('video_view_id'),
    /** Where the player was (seconds into the stream) for a video event. */
    position: integer('position'),
    props: jsonb('props').$type<Record<string, string>>(),
    /** How many times it happened: the web server sends a visitor's repeats of one page within a
     *  batch (2 s) as one event with their count (ADR 049 amendment). */
    count: integer('count').notNull().default(1),
  },
  (t) => [index('analytics_events_at_brin').using('brin', t.at)],
);

/** One row per video view: a visitor watching one stream (contract/analytics.ts `streamOfMediaPath`)
 *  without a pause longer than VIEW_GAP_SECONDS. The web server's segment count and the player's
 *  heartbeats add to their own column of the same row; what was watched is the larger of the two,
 *  so one viewing counts once (ADR 049). */
export const videoViews = pgTable(
  'video_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: channelRef(),
    visitor: text('visitor').notNull(),
    sessionId: uuid('session_id'),
    userId: integer('user_id'),
    streamId: text('stream_id').notNull(),
    /** 'live' or 'vod'. */
    streamType: text('stream_type').notNull(),
    eventId: integer('event_id'),
    vodId: integer('vod_id'),
    startedAt: stamp('started_at').notNull().defaultNow(),
    lastSeenAt: stamp('last_seen_at').notNull().defaultNow(),
    segmentSeconds: integer('segment_seconds').notNull().default(0),
    playerSeconds: integer('player_seconds').notNull().default(0),
    watchedSeconds: integer('watched_seconds')
      .notNull()
      .generatedAlwaysAs(sql`GREATEST(segment_seconds, player_seconds)`),
  },
  (t) => [
    index('video_views_visitor_stream_idx').on(t.channelId, t.visitor, t.streamId, t.lastSeenAt),
    index('video_views_started_idx').on(t.startedAt),
    index('video_views_event_idx').on(t.eventId, t.startedAt),
  ],
);
