import { LRUCache } from 'lru-cache';
import type { Geo, MediaGrant, StreamStatus } from '../../contract/index.ts';
import { blockedIn } from '../../contract/regions.ts';
import { hasAccess, hasVodAccess, watchable, type Viewer } from '../access.ts';
import type { Db } from '../db/client.ts';
import { PUBLIC_ASSETS } from '../media/assets.ts';
import { makeGrant, readGrant, sessionRef, type GrantClaims, type GrantRefusal } from '../media/grants.ts';
import { assetScope, eventMedia, noPlayback, vodMedia, type GameTimes, type Media, type Playback } from '../media-urls.ts';
import { channelById } from '../repo/channels.ts';
import { eventById } from '../repo/events.ts';
import { freeAssetBlackouts, liveSessionKeys } from '../repo/media.ts';
import { entitlementsOf } from '../repo/orders.ts';
import { userById } from '../repo/users.ts';
import { vodById } from '../repo/vod.ts';
import type { Signing } from '../signing.ts';

/*
 * Who gets an asset's files (ADR 026). An asset some free event or video plays (or the browser
 * check's test stream, PUBLIC_ASSETS) is public: anyone
 * fetches it, and a CDN may cache it. Any other asset is served only with a media grant for it: one
 * is handed out with an event's or a video's playback to a signed-in fan who may watch it, and
 * holds while its signature, expiry and scope do (what a CDN can check too) and, at the origin,
 * while the fan's session lasts and they may still watch what it was granted for (signing out, a
 * refund or a lapsed pass end it within RECHECK_MS).
 *
 * Regions (ADR 054): a grant carries the country it was issued for (`c`), and is refused from any
 * other; none is issued where the game is blocked or blacked out. A public asset is refused in the
 * channel's blocked countries and where every free game playing it is blacked out.
 */

/** `preparing`: the viewer may watch it, but its media is still being made (a first start, ADR 047). */
export type Playable = Playback & { media_grant: MediaGrant | null; preparing: boolean };

/** Who is asking: a signed-in fan's session, or a visitor, and their country. */
export interface MediaViewer {
  user: { id: number } | null;
  apiKey: string | null;
  /** Their country (Caller.geo.country_code); the grant is for it alone. */
  country: string;
}

export type Admission = 'public' | 'granted' | 'no grant' | GrantRefusal | 'not entitled' | 'blocked region';

export interface MediaAccess {
  /** An event's playback for a viewer who may (`access`) or may not watch it. */
  eventPlayback(viewer: MediaViewer, event: GameTimes & { id: number; stream_status: StreamStatus; asset: string | null }, access: boolean): Promise<Playable>;
  /** A video's playback. */
  videoPlayback(viewer: MediaViewer, video: { id: number; asset: string }, access: boolean): Promise<Playable>;
  /** Whether a request for one of `scope`'s files may be served, given the grants it carries and
   *  the region it comes from. */
  admit(scope: string, grants: string[], geo: Geo): Promise<Admission>;
}

/** How long the origin trusts what it read about a grant's fan (their session, their access). */
const RECHECK_MS = 30_000;
/** How long the list of public assets is kept before it is read again. */
const PUBLIC_TTL_MS = 30_000;

export function mediaAccess(opts: {
  db: Db;
  signing: Signing;
  grantSeconds: number;
  now?: () => number;
  /** Whether an asset's media is made (media/readiness.ts); by default, every one is. */
  isReady?: (asset: string) => boolean;
}): MediaAccess {
  const { db, signing } = opts;
  const now = opts.now ?? Date.now;
  const isReady = opts.isReady ?? (() => true);

  // The public scopes, each with the countries it is blacked out in.
  type Scopes = Map<string, readonly string[]>;
  let publicScopes: { scopes: Scopes; until: number } | null = null;
  let reading: Promise<Scopes> | null = null;
  const publicBlackout = async (scope: string): Promise<readonly string[] | undefined> => {
    if (!publicScopes || publicScopes.until <= now()) {
      reading ??= freeAssetBlackouts(db)
        .then((assets) => {
          const scopes: Scopes = new Map();
          for (const asset of PUBLIC_ASSETS) assets.set(asset, []);
          for (const [asset, blackout] of assets) {
            const s = assetScope(asset);
            if (s !== null) scopes.set(s, blackout);
          }
          publicScopes = { scopes, until: now() + PUBLIC_TTL_MS };
          return scopes;
        })
        .finally(() => (reading = null));
      return (await reading).get(scope);
    }
    return publicScopes.scopes.get(scope);
  };
  const isPublic = async (scope: string) => (await publicBlackout(scope)) !== undefined;

  const playable = async (viewer: MediaViewer, media: Media | null, access: boolean, item: string): Promise<Playable> => {
    if (!access || !media) return { ...noPlayback, media_grant: null, preparing: false };
    if (!isReady(media.asset)) return { ...noPlayback, media_grant: null, preparing: true };
    if (await isPublic(media.scope)) return { ...media.playback, media_grant: null, preparing: false };
    // Only a signed-in fan can watch what is not public (free media needs no grant).
    if (!viewer.user || !viewer.apiKey) return { ...noPlayback, media_grant: null, preparing: false };
    const claims: GrantClaims = {
      s: media.scope,
      u: viewer.user.id,
      k: sessionRef(viewer.apiKey),
      i: item,
      c: viewer.country,
      x: Math.floor(now() / 1000) + opts.grantSeconds,
    };
    return { ...media.playback, media_grant: makeGrant(signing, claims), preparing: false };
  };

  // What the origin read about a grant, by its value: kept briefly, so a playing video costs a
  // signature check per file and the database once per RECHECK_MS.
  const verdicts = new LRUCache<string, Promise<boolean>>({ max: 20_000, ttl: RECHECK_MS });
  const stillEntitled = (value: string, claims: GrantClaims): Promise<boolean> => {
    let verdict = verdicts.get(value);
    if (!verdict) {
      verdict = entitled(db, claims, new Date(now())).catch(() => false);
      verdicts.set(value, verdict);
    }
    return verdict;
  };

  return {
    eventPlayback: (viewer, event, access) => playable(viewer, eventMedia(event.stream_status, event.asset, event), access, `e:${event.id}`),
    videoPlayback: (viewer, video, access) => playable(viewer, vodMedia(video.asset), access, `v:${video.id}`),
    async admit(scope, grants, geo) {
      if (geo.is_geo_blocked) return 'blocked region';
      const blackout = await publicBlackout(scope);
      if (blackout) return blackout.includes(geo.country_code) ? 'blocked region' : 'public';
      let refusal: Admission = 'no grant';
      for (const value of grants) {
        const read = readGrant(signing, value, scope, Math.floor(now() / 1000));
        if (typeof read === 'string') {
          refusal = read;
          continue;
        }
        if (read.c !== geo.country_code) {
          refusal = 'blocked region';
          continue;
        }
        if (await stillEntitled(value, read)) return 'granted';
        refusal = 'not entitled';
      }
      return refusal;
    },
  };
}

/** At the origin: the grant's session has not ended, and its fan may still watch what it was
 *  granted for, whose media is still the grant's asset, in the country it was granted in. */
async function entitled(db: Db, claims: GrantClaims, now: Date): Promise<boolean> {
  const keys = await liveSessionKeys(db, claims.u, now);
  if (!keys.some((key) => sessionRef(key) === claims.k)) return false;
  const user = await userById(db, claims.u);
  if (!user) return false;
  const viewer: Viewer = { userId: user.id, user, entitlements: await entitlementsOf(db, user.id, now) };
  const [kind, idText] = claims.i.split(':');
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return false;
  if (kind === 'e') {
    const found = await eventById(db, user.channelId, id, Math.floor(now.getTime() / 1000));
    const media = found && eventMedia(found.out.stream_status, found.asset, found.out);
    const channel = found && (await channelById(db, user.channelId));
    if (!found || !channel || blockedIn(claims.c, { blockedCountries: channel.blockedCountries, blackoutCountries: found.blackout })) return false;
    return media?.scope === claims.s && hasAccess(watchable(found.out), viewer);
  }
  if (kind === 'v') {
    const video = await vodById(db, user.channelId, id);
    return Boolean(video && vodMedia(video.asset).scope === claims.s && hasVodAccess(video, viewer));
  }
  return false;
}
