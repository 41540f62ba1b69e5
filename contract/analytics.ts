/* The analytics rules both sides share (ADR 049): what a tracking code looks like, what kind of page
   a path is (the report's funnel), and which stream a media path plays (the key of a video view,
   the same for the web server's segment count and the player's heartbeats). Pure functions. */

/** Spec section 9: an analytics session lasts 24 hours. */
export const ANALYTICS_SESSION_HOURS = 24;
/** A view ends after this long without a segment or a heartbeat; watching again starts a new one. */
export const VIEW_GAP_SECONDS = 300;
/** How often a playing player reports what it played. */
export const HEARTBEAT_SECONDS = 30;
/** The most seconds one viewing report may add (a heartbeat is 30 s; a batch of segments is
 *  summed per view over a few seconds). */
export const MAX_VIEWING_SECONDS = 600;

export { TRK_PATTERN, trkOf } from './tracking.ts';

/** The player's events (spec: video events). */
export const VIDEO_EVENTS = ['play', 'pause', 'ended', 'seek', 'waiting', 'error'] as const;
export type VideoEventName = (typeof VIDEO_EVENTS)[number];

/** An event's name: lower-case words joined by `_` (`page_view`, `preroll_skip`, `video_play`). */
export const EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** What a page is to the report: a game's page, an offer (a price to pay), the checkout, an order. */
export type PageKind = 'home' | 'event' | 'vod' | 'offer' | 'checkout' | 'order' | 'other';

export interface PageFacts {
  kind: PageKind;
  eventId?: number;
  vodId?: number;
  productType?: 'event' | 'package' | 'subscription';
  productId?: number;
}

const toId = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/** The report's reading of a page address: its kind, and the game, video or product it names. */
export function pageFactsOf(path: string, query: URLSearchParams = new URLSearchParams()): PageFacts {
  if (path === '/' || path === '') return { kind: 'home' };
  const watch = /^\/(?:watch|watch_embed)\/(\d{1,10})\/?$/.exec(path);
  if (watch) return { kind: 'event', eventId: toId(watch[1]) };
  const video = /^\/vod_library\/(\d{1,10})\/?$/.exec(path);
  if (video) return { kind: 'vod', vodId: toId(video[1]) };
  const select = /^\/select-package\/(\d{1,10})\/?$/.exec(path);
  if (select) return { kind: 'offer', productType: 'package', productId: toId(select[1]) };
  if (path === '/packages') return { kind: 'offer' };
  if (path === '/buy') {
    const product = productOfQuery(query);
    return { kind: 'offer', ...product };
  }
  if (/^\/orders\/\d{1,10}\/?$/.test(path)) return { kind: 'order' };
  return { kind: 'other' };
}

/** /buy?subscription=…, ?package=… (with its choices), ?event=…&package=… (a game's single-event
 *  package): the product a price was shown for, as an order names it (type, and the pass's id). */
function productOfQuery(query: URLSearchParams): Pick<PageFacts, 'productType' | 'productId' | 'eventId'> {
  const param = (name: string) => toId(query.get(name) ?? query.get(`${name}_id`) ?? undefined);
  const [subscription, pkg, event] = [param('subscription'), param('package'), param('event')];
  if (subscription) return { productType: 'subscription', productId: subscription };
  if (event) return { productType: 'event', eventId: event, ...(pkg ? { productId: pkg } : {}) };
  if (pkg) return { productType: 'package', productId: pkg };
  return {};
}

export interface Stream {
  /** `live/<asset>` or `vod/<asset>`: what a view is of. */
  stream_id: string;
  stream_type: 'live' | 'vod';
}

/** The stream a media path belongs to (`/media/live/live-2/1700000000-7200/master.m3u8`, a
 *  segment `/live/live-2/v/123.ts`, or a stream id itself), or null: not a game's or a video's
 *  media. Every file of a live game's DVR and its sliding window are one stream. */
export function streamOfMediaPath(path: string): Stream | null {
  const m = /^\/?(?:media\/)?(live|vod)\/([a-z0-9][a-z0-9-]{0,63})(?:\/|$)/.exec(path);
  return m ? { stream_id: `${m[1]}/${m[2]}`, stream_type: m[1] as 'live' | 'vod' } : null;
}

/** A media segment's file name: what the web server counts as watched (not playlists, captions
 *  or downloads). */
export const isSegmentPath = (path: string) => /\.(?:ts|m4s)$/.test(path) && streamOfMediaPath(path) !== null;
