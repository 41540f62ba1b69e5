import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  ANALYTICS_SESSION_HOURS,
  pageFactsOf,
  streamOfMediaPath,
  VIEW_GAP_SECONDS,
  type AnalyticsSession,
  type EventItem,
  type Stream,
  type VideoEventName,
  type ViewAnswer,
  type ViewingItem,
} from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import type { Caller, Deps } from '../deps.ts';
import { refusal } from '../http/errors.ts';
import type { PrerollMoment, PrerollMoments } from '../media/preroll-moments.ts';
import {
  addViewings as addViewingsTo,
  insertEvents,
  itemOfStream,
  recordsOf,
  saltOf,
  touchSession,
  touchSessions,
  type NewEvent,
  type SessionFacts,
  type ViewingFacts,
} from '../repo/analytics.ts';
import { defaultChannel } from '../repo/channels.ts';
import { nowSeconds } from '../repo/event-status.ts';

/* The datalake calls (spec section 7; ADR 049). A visitor is HMAC(the day's salt, address + user
   agent), 128 bits: the address and the user agent are read, hashed and forgotten. Their session
   is one row per hash (so it ends with the day, and lasts at most 24 hours); events are appended;
   seconds watched go to the visitor's current view of the stream, from the segments the web
   server handed out and from the player's heartbeats, each in its own column of the same row. */

const SESSION_MS = ANALYTICS_SESSION_HOURS * 3_600_000;

/** Who a call is about: the address and user agent it names, else the caller's own. */
export interface Who {
  ip?: string;
  user_agent?: string;
}

/** The caller's own user agent (the route reads it from the request). */
export type CallerWithAgent = Caller & { userAgent: string };

const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const dayEnd = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

// The day's salt, read once per process and day (per database: tests run several).
const salts = new WeakMap<Db, { day: string; salt: Promise<string> }>();
function daySalt(db: Db, day: string): Promise<string> {
  const known = salts.get(db);
  if (known?.day === day) return known.salt;
  const salt = saltOf(db, day);
  salts.set(db, { day, salt });
  salt.catch(() => salts.delete(db));
  return salt;
}

/** The visitor's hash today: what every analytics row holds instead of an address. */
export async function visitorHash(db: Db, caller: CallerWithAgent, who: Who, now = new Date()): Promise<{ hash: string; expiresAt: Date }> {
  const day = utcDay(now);
  const salt = await daySalt(db, day);
  const ip = who.ip ?? caller.ip;
  const agent = who.user_agent ?? caller.userAgent;
  const hash = createHmac('sha256', salt).update(`${ip}\n${agent}`).digest().subarray(0, 16).toString('base64url');
  return { hash, expiresAt: dayEnd(day) };
}

export async function hashOf(deps: Deps, caller: CallerWithAgent, who: Who) {
  const { hash, expiresAt } = await visitorHash(deps.db, caller, who);
  return { hash, expires_at: expiresAt.toISOString() };
}

type SessionParams = Who & { trk?: string; device_type?: string; platform?: string; resolution?: string };

export async function sessionOf(deps: Deps, caller: CallerWithAgent, params: SessionParams): Promise<AnalyticsSession> {
  const now = new Date();
  const { hash } = await visitorHash(deps.db, caller, params, now);
  const row = await touchSession(
    deps.db,
    {
      channelId: caller.channel.id,
      visitor: hash,
      userId: caller.user?.id ?? null,
      trk: params.trk ?? null,
      deviceType: params.device_type,
      platform: params.platform,
      resolution: params.resolution,
    },
    now,
    SESSION_MS,
  );
  return { session: row.id, hash, started_at: row.startedAt.toISOString(), expires_at: row.expiresAt.toISOString(), trk: row.trk };
}

/** Records events: each on its visitor's session (created when none exists), a page view with
 *  what its address names (contract/analytics.ts pageFactsOf), a tracking code from the event or
 *  else its session. One insert for the lot. */
export async function recordEvents(deps: Deps, caller: CallerWithAgent, items: EventItem[]): Promise<{ recorded: number }> {
  const now = new Date();
  const hashes: string[] = [];
  // One session write for the batch, one row per visitor; the latest tracking code of theirs is kept.
  const visits = new Map<string, SessionFacts>();
  for (const item of items) {
    const { hash } = await visitorHash(deps.db, caller, item, now);
    hashes.push(hash);
    const known = visits.get(hash);
    if (!known) visits.set(hash, { channelId: caller.channel.id, visitor: hash, userId: caller.user?.id ?? null, trk: item.trk ?? null });
    else if (item.trk) known.trk = item.trk;
  }
  const sessions = new Map((await touchSessions(deps.db, [...visits.values()], now, SESSION_MS)).map((s) => [s.visitor, s]));
  const rows: NewEvent[] = items.map((item, i) => {
    const s = sessions.get(hashes[i])!;
    const [path, query] = splitPath(item.path);
    const page = path !== null && item.name === 'page_view' ? pageFactsOf(path, query) : null;
    return {
      channelId: caller.channel.id,
      at: now,
      name: item.name,
      visitor: hashes[i],
      sessionId: s.id,
      userId: caller.user?.id ?? s.userId ?? null,
      path,
      pageKind: page?.kind ?? null,
      eventId: item.event_id ?? page?.eventId ?? null,
      vodId: item.vod_id ?? page?.vodId ?? null,
      productType: item.product_type ?? page?.productType ?? null,
      productId: item.product_id ?? page?.productId ?? null,
      // The event's own code, else the one its visitor's session came with.
      trk: item.trk ?? s.trk ?? null,
      props: item.props ?? null,
      count: item.count ?? 1,
    };
  });
  return { recorded: await insertEvents(deps.db, rows) };
}

/** A page's path without its query string (which may hold anything a visitor typed), and the query. */
function splitPath(path: string | undefined): [string | null, URLSearchParams] {
  if (!path) return [null, new URLSearchParams()];
  const q = path.indexOf('?');
  return q < 0 ? [path, new URLSearchParams()] : [path.slice(0, q), new URLSearchParams(path.slice(q + 1))];
}

function streamOf(text: string): Stream {
  const stream = streamOfMediaPath(text);
  if (!stream)
    throw refusal(400, 'stream_id: not a stream of this channel', { stream_id: ['must be a media path or a stream id (live/<asset>, vod/<asset>)'] });
  return stream;
}

// Which game a stream plays, when the caller does not say (a segment fetched from /multiview):
// asked once per stream every half minute.
const streamItems = new LRUCache<string, Promise<{ eventId: number | null; vodId: number | null }>>({ max: 1_000, ttl: 30_000 });
function itemOf(db: Db, channelId: number, stream: Stream) {
  const key = `${channelId}|${stream.stream_id}`;
  let item = streamItems.get(key);
  if (!item) {
    const [type, asset] = stream.stream_id.split('/') as ['live' | 'vod', string];
    item = itemOfStream(db, channelId, { type, asset }, nowSeconds());
    item.catch(() => streamItems.delete(key));
    streamItems.set(key, item);
  }
  return item;
}

interface Viewing extends Who {
  stream_id: string;
  event_id?: number;
  vod_id?: number;
  seconds: number;
  source: 'player' | 'segments';
}

/** Adds what each report watched to its view, in one transaction of three statements (repo/analytics.ts
 *  addViewings); reports of one visitor and stream are summed first. Answers each report's view. */
async function addViewings(deps: Deps, caller: CallerWithAgent, items: Viewing[], now: Date): Promise<ViewAnswer[]> {
  const byView = new Map<string, ViewingFacts>();
  const keyOf: string[] = [];
  for (const item of items) {
    const stream = streamOf(item.stream_id);
    const { hash } = await visitorHash(deps.db, caller, item, now);
    const key = `${hash}|${stream.stream_id}`;
    keyOf.push(key);
    const known = byView.get(key);
    const given = item.event_id || item.vod_id ? { eventId: item.event_id ?? null, vodId: item.vod_id ?? null } : null;
    if (known) {
      known.segmentSeconds += item.source === 'segments' ? item.seconds : 0;
      known.playerSeconds += item.source === 'player' ? item.seconds : 0;
      known.eventId ??= given?.eventId ?? null;
      known.vodId ??= given?.vodId ?? null;
      continue;
    }
    const ids = given ?? (await itemOf(deps.db, caller.channel.id, stream));
    byView.set(key, {
      channelId: caller.channel.id,
      visitor: hash,
      sessionId: null,
      userId: caller.user?.id ?? null,
      streamId: stream.stream_id,
      streamType: stream.stream_type,
      eventId: ids.eventId,
      vodId: ids.vodId,
      segmentSeconds: item.source === 'segments' ? item.seconds : 0,
      playerSeconds: item.source === 'player' ? item.seconds : 0,
    });
  }
  const views = await deps.db.transaction((tx) => addViewingsTo(tx, [...byView.values()], now, VIEW_GAP_SECONDS));
  const byKey = new Map(views.map((v) => [`${v.visitor}|${v.streamId}`, v]));
  return keyOf.map((key) => {
    const view = byKey.get(key)!;
    return { video_view_uuid: view.id, viewing_time: view.watchedSeconds };
  });
}

export async function recordViewing(deps: Deps, caller: CallerWithAgent, item: ViewingItem): Promise<ViewAnswer> {
  const [view] = await addViewings(deps, caller, [item], new Date());
  return view;
}

export async function recordViewings(deps: Deps, caller: CallerWithAgent, items: ViewingItem[]): Promise<{ recorded: number }> {
  return { recorded: (await addViewings(deps, caller, items, new Date())).length };
}

type VideoEventParams = Who & { name: VideoEventName; stream_id: string; event_id?: number; vod_id?: number; position?: number };

/** A player event (`video_play`, `video_pause`, …) on the visitor's current view of the stream,
 *  which it starts when there is none. */
export async function recordVideoEvent(deps: Deps, caller: CallerWithAgent, params: VideoEventParams): Promise<ViewAnswer> {
  const now = new Date();
  const [view] = await addViewings(deps, caller, [{ ...params, seconds: 0, source: 'player' }], now);
  const { hash } = await visitorHash(deps.db, caller, params, now);
  // On the visitor's session, with the tracking code it came with, as every event.
  const session = await touchSession(deps.db, { channelId: caller.channel.id, visitor: hash, userId: caller.user?.id ?? null, trk: null }, now, SESSION_MS);
  await insertEvents(deps.db, [
    {
      channelId: caller.channel.id,
      at: now,
      name: `video_${params.name}`,
      visitor: hash,
      sessionId: session.id,
      userId: caller.user?.id ?? session.userId ?? null,
      trk: session.trk,
      path: null,
      eventId: params.event_id ?? null,
      vodId: params.vod_id ?? null,
      videoViewId: view.video_view_uuid,
      position: params.position ?? null,
    },
  ]);
  return view;
}

/** The raw records of one visitor hash or one tracking code (the operator's, on loopback only:
 *  http/analytics-ops.ts). */
export const recordsOfVisitorOrCode = (db: Db, by: { visitor?: string; trk?: string }) => recordsOf(db, by);

/** Where the pre-roll moments go (media/preroll-moments.ts): appended to the events as
 *  `preroll_impression`, `_complete`, `_skip`, `_click`, with the ad in `props.preroll` and the game
 *  its stream plays. They come from a media fetch or a form, never from a page of the visitor's:
 *  the visitor is unknown (''), the fan known when a form names them. Kept in memory and written
 *  at most every second, one insert for the lot; `flush` writes what waits (the server's close). */
export function prerollMomentsKept(db: Db, log: (line: string) => void): PrerollMoments & { flush(): Promise<void> } {
  let waiting: PrerollMoment[] = [];
  let timer: NodeJS.Timeout | null = null;
  let firstChannel: Promise<number | null> | null = null;
  const write = async (moments: PrerollMoment[]) => {
    firstChannel ??= defaultChannel(db).then((c) => c?.id ?? null);
    const rows: NewEvent[] = [];
    for (const m of moments) {
      const channelId = m.channel_id ?? (await firstChannel);
      if (channelId === null) continue;
      const stream = m.scope ? streamOfMediaPath(m.scope) : null;
      const ids = stream ? await itemOf(db, channelId, stream) : { eventId: null, vodId: null };
      rows.push({
        channelId,
        at: new Date(m.at),
        name: m.name,
        visitor: '',
        userId: m.user_id,
        eventId: ids.eventId,
        vodId: ids.vodId,
        props: { preroll: String(m.preroll_id) },
      });
    }
    await insertEvents(db, rows);
  };
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const moments = waiting;
    waiting = [];
    if (moments.length > 0) await write(moments).catch((error: Error) => log(`analytics: ${moments.length} pre-roll moments lost: ${error.message}`));
  };
  const keep = (moment: PrerollMoment) => {
    waiting.push(moment);
    timer ??= setTimeout(() => void flush(), 1_000).unref();
  };
  return Object.assign(keep, { flush });
}
