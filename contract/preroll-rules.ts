/*
 * Pre-roll ads (spec sections 2, 6, 9; ADR 050): a short ad the channel's media server stitches
 * in front of a game's own stream (its segments, then #EXT-X-DISCONTINUITY, then the game), so it
 * plays wherever the game plays: without JavaScript, under hls.js and Plyr, behind an ad blocker.
 * Who sees one is `prerollFor`, a pure rule both the channel API (a fan) and the web app (a
 * visitor's dismissal, kept in a cookie) apply.
 *
 * The rules, with no schema: the browser's code imports them from here, not from prerolls.ts,
 * whose schemas would bring zod and the contract's HTTP helpers into the watch page (ADR 066).
 */

/** How long a skipped or finished pre-roll stays away for its viewer (spec section 9: an hour). */
export const PREROLL_DISMISS_SECONDS = 3600;

/** How long the channel's list of pre-rolls is kept before it is read again (spec section 9). */
export const PREROLL_CACHE_SECONDS = 3600;

/** A pre-roll as the channel stores it (settings.prerolls), after the import prepared its ad. */
export interface StoredPreroll {
  id: number;
  /** The prepared ad's media name (`ad-<hash>`): /media/prerolls/<ad>/. */
  ad: string;
  /** The ad's length in seconds (its segments'). */
  duration: number;
  /** Where it plays: location ids, event category ids; empty: everywhere. */
  location_ids: number[];
  category_ids: number[];
  skip_after_seconds: number;
  link: string | null;
  /** Epoch seconds, inclusive; null: open-ended. */
  starts: number | null;
  ends: number | null;
}

/** What the rule needs to know about the game. */
export interface PrerollGame {
  location_id: number | null;
  /** The game's category and every category it belongs to. */
  category_ids: number[];
}

/** What the rule needs to know about the viewer: their capabilities (a visitor has none) and
 *  when they last skipped or finished each pre-roll (epoch seconds, by id). */
export interface PrerollViewer {
  capabilities: readonly string[];
  dismissed: Readonly<Record<number, number>>;
}

/** Whether a dismissal at `at` (epoch seconds) still holds at `now`. */
export function stillDismissed(at: number | undefined, now: number, seconds = PREROLL_DISMISS_SECONDS): boolean {
  return at !== undefined && now >= at && now - at < seconds;
}

/** Whether a pre-roll plays before this game at all, whoever watches: its location and category
 *  match (an empty list matches any) and `now` is within its dates. */
export function prerollMatches(p: StoredPreroll, game: PrerollGame, now: number): boolean {
  if (p.starts !== null && now < p.starts) return false;
  if (p.ends !== null && now > p.ends) return false;
  if (p.location_ids.length > 0 && (game.location_id === null || !p.location_ids.includes(game.location_id))) return false;
  if (p.category_ids.length > 0 && !game.category_ids.some((c) => p.category_ids.includes(c))) return false;
  return true;
}

/**
 * The pre-roll this viewer sees before this game at `now` (epoch seconds), or null: the first of
 * the channel's list that matches the game and its dates, unless the viewer's products grant
 * `no_ads`, or they skipped or finished that one less than PREROLL_DISMISS_SECONDS ago (a
 * dismissed ad is not replaced by the next one: one ad an hour at most per viewer and ad).
 */
export function prerollFor<P extends StoredPreroll>(list: readonly P[], game: PrerollGame, viewer: PrerollViewer, now: number): P | null {
  if (viewer.capabilities.includes('no_ads')) return null;
  const found = list.find((p) => prerollMatches(p, game, now));
  if (!found || stillDismissed(viewer.dismissed[found.id], now)) return null;
  return found;
}

/** The directory of a stream's stitched variant: `preroll-<id>`. */
export const prerollDir = (prerollId: number) => `preroll-${prerollId}`;

/** The stitched variant of a game's playlist or captions URL: the same directory's `preroll-<id>/`
 *  (`/media/vod/game-1/master.m3u8` → `/media/vod/game-1/preroll-3/master.m3u8`), so it keeps the
 *  asset's scope (its grant) and caches never mix the two. */
export function stitchedUrl(url: string, prerollId: number): string {
  const slash = url.lastIndexOf('/');
  return `${url.slice(0, slash + 1)}${prerollDir(prerollId)}/${url.slice(slash + 1)}`;
}
