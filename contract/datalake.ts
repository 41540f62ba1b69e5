import { z } from 'zod';
import { EVENT_NAME, MAX_VIEWING_SECONDS, VIDEO_EVENTS } from './analytics.ts';
import { apiGet, apiPost, apiPostAndGet, id, int, line, stamp, trkCode, type Endpoint } from './http.ts';

/* The channel's own analytics (spec section 7, "Analytics": GET /datalake/hash/, POST or GET
   /datalake/session/, /datalake/event/, /datalake/video/event/, /datalake/video/viewing/), stored
   in the channel's database (ADR 049). The caller is a server of the channel's (the web server,
   never a browser), so a visitor's address and user agent may come as `ip` and `user_agent`
   (else the request's own); the channel keeps only their daily-salted hash. The web server sends
   what it gathers in batches: /datalake/events/ and /datalake/video/viewings/ (ours). */

/** An address as a server passes it on: IPv4 or IPv6 characters only. */
const address = z.string().regex(/^[0-9A-Fa-f:.]{2,45}$/, 'must be an IP address');

/** Who the call is about, when not the caller itself. */
const visitorFields = {
  ip: address.optional(),
  user_agent: line(512).optional(),
};

const path = line(300).refine((p) => p.startsWith('/'), 'must be a path starting with /');
const props = z
  .record(line(200))
  .refine((o) => Object.keys(o).length <= 10, 'must have at most 10 entries')
  .refine((o) => Object.keys(o).every((k) => EVENT_NAME.test(k)), 'keys must be lower-case words');

/** A stream: a media path the player plays (`/media/live/live-2/…/master.m3u8`) or its id (`live/live-2`). */
const stream = line(300);

/** At most this many items in one batch (a batch stays well under the channel API's 100 kB body limit). */
export const DATALAKE_BATCH_MAX = 100;

export const visitorHash = z.object({
  /** The visitor's hash for today (128 bits, base64url). */
  hash: z.string(),
  /** When today's salt ends: a new hash from then on. */
  expires_at: stamp,
});

/** Spec: GET /datalake/hash/ — the visitor's hash for today. */
export const datalakeHash = apiGet('datalakeHash', '/datalake/hash/', visitorHash, z.object(visitorFields).strict());

const sessionParams = z
  .object({
    trk: trkCode.optional(),
    device_type: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'other']).optional(),
    platform: line(50).optional(),
    resolution: z
      .string()
      .regex(/^\d{2,5}x\d{2,5}$/, 'must be WIDTHxHEIGHT')
      .optional(),
    ...visitorFields,
  })
  .strict();

export const analyticsSession = z.object({
  session: z.string().uuid(),
  hash: z.string(),
  started_at: stamp,
  expires_at: stamp,
  trk: z.string().nullable(),
});
export type AnalyticsSession = z.infer<typeof analyticsSession>;

/** Spec: POST or GET /datalake/session/ — the visitor's session, created when none is open (it
 *  lasts 24 hours, and ends with the day's hash); a `trk` given is kept on it. */
export const [datalakeSession, datalakeSessionGet] = apiPostAndGet('datalakeSession', '/datalake/session/', analyticsSession, sessionParams);

/** One event: a page view (`page_view` with its `path`), the funnel's `checkout`, a pre-roll's
 *  `preroll_impression`/`_complete`/`_skip`/`_click`, or any other lower-case name. */
export const eventItem = z
  .object({
    name: z.string().regex(EVENT_NAME, 'must be lower-case letters, digits and _'),
    path: path.optional(),
    event_id: id.optional(),
    vod_id: id.optional(),
    product_type: z.enum(['event', 'package', 'subscription']).optional(),
    product_id: id.optional(),
    trk: trkCode.optional(),
    props: props.optional(),
    /** The same event this many times (a visitor's repeats within a batch); 1 when left out. */
    count: int(1, 100_000).optional(),
    ...visitorFields,
  })
  .strict();
export type EventItem = z.infer<typeof eventItem>;

const recorded = z.object({ recorded: z.number().int().nonnegative() });

/** Spec: POST or GET /datalake/event/ — one event. */
export const [datalakeEvent, datalakeEventGet] = apiPostAndGet('datalakeEvent', '/datalake/event/', recorded, eventItem);

/** POST /datalake/events/ — several events at once (the web server's page views, every second or two). */
export const datalakeEvents = apiPost(
  'datalakeEvents',
  '/datalake/events/',
  recorded,
  z.object({ events: z.array(eventItem).min(1).max(DATALAKE_BATCH_MAX) }).strict(),
);

const videoEventParams = z
  .object({
    name: z.enum(VIDEO_EVENTS),
    stream_id: stream,
    event_id: id.optional(),
    vod_id: id.optional(),
    /** Where the player is, whole seconds into the stream. */
    position: int(0, 604_800).optional(),
    ...visitorFields,
  })
  .strict();

const viewAnswer = z.object({
  video_view_uuid: z.string().uuid(),
  /** Seconds watched in this view so far. */
  viewing_time: z.number().int().nonnegative(),
});
export type ViewAnswer = z.infer<typeof viewAnswer>;

/** Spec: POST or GET /datalake/video/event/ — the player's play, pause, ended, seek…, on the
 *  visitor's current view of the stream. */
export const [datalakeVideoEvent, datalakeVideoEventGet] = apiPostAndGet('datalakeVideoEvent', '/datalake/video/event/', viewAnswer, videoEventParams);

/** Seconds watched of a stream: from the player (`player`, its heartbeats) or from the media
 *  segments the web server handed out (`segments`). */
export const viewingItem = z
  .object({
    stream_id: stream,
    event_id: id.optional(),
    vod_id: id.optional(),
    seconds: int(0, MAX_VIEWING_SECONDS),
    source: z.enum(['player', 'segments']),
    ...visitorFields,
  })
  .strict();
export type ViewingItem = z.infer<typeof viewingItem>;

/** Spec: POST or GET /datalake/video/viewing/ — a heartbeat: seconds watched, added to the
 *  visitor's current view of the stream (a new view after VIEW_GAP_SECONDS without any). */
export const [datalakeViewing, datalakeViewingGet] = apiPostAndGet('datalakeViewing', '/datalake/video/viewing/', viewAnswer, viewingItem);

/** POST /datalake/video/viewings/ — several viewing reports at once (the web server's segment counts). */
export const datalakeViewings = apiPost(
  'datalakeViewings',
  '/datalake/video/viewings/',
  recorded,
  z.object({ views: z.array(viewingItem).min(1).max(DATALAKE_BATCH_MAX) }).strict(),
);

export const datalakeCalls = {
  datalakeHash,
  datalakeSession,
  datalakeSessionGet,
  datalakeEvent,
  datalakeEventGet,
  datalakeEvents,
  datalakeVideoEvent,
  datalakeVideoEventGet,
  datalakeViewing,
  datalakeViewingGet,
  datalakeViewings,
} satisfies Record<string, Endpoint>;
