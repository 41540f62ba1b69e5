/**
 * A live game's DVR address (/media/live/<asset>/<kickoff>-<duration>/…, ADR 040) answers only
 * for a real game (ADR 057): an event that plays the asset, kicks off then (for a re-airing demo
 * game, one of its airings) and lasts that long. Anything else is a 404 with nothing computed, so
 * nobody makes the server build playlists of games that do not exist. Whether an address names a
 * game is asked of the database at most once per MEMO_SECONDS per address (a player reloads its
 * playlist every two seconds).
 */
import { eq } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import { dvrDuration, type DvrGame } from './live-playlist.ts';
import { parseGame } from './live-router.ts';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema.ts';
import { sendRefusal } from '../http/errors.ts';
import type { Timed } from '../repo/event-status.ts';

/** Whether `game` is a real airing of an event on `asset` that has kicked off by `nowSeconds`. */
export type DvrGames = (asset: string, game: DvrGame, nowSeconds: number) => Promise<boolean>;

/** Whether a DVR address's game is one of this event's airings, kicked off by `now`: its kick-off
 *  (a re-airing game: its first, or a whole number of airings after it) and its length. Pure. */
export function airsAs(event: Timed, game: DvrGame, now: number): boolean {
  if (game.kickoff > now || game.duration !== dvrDuration(event.duration)) return false;
  const first = Math.max(0, Math.floor(event.eventUtcTs));
  if (game.kickoff === first) return true;
  return event.alwaysLive && event.duration > 0 && game.kickoff > first && (game.kickoff - first) % event.duration === 0;
}

/** The real check: the events on the asset, from the database. */
export function dvrGamesOf(db: Db): DvrGames {
  return async (asset, game, now) => {
    const rows = await db
      .select({ eventUtcTs: events.eventUtcTs, duration: events.duration, alwaysLive: events.alwaysLive })
      .from(events)
      .where(eq(events.asset, asset));
    return rows.some((row) => airsAs(row, game, now));
  };
}

/** How long an address's answer is kept; a game added or moved shows after this long at most. */
const MEMO_SECONDS = 30;
/** Addresses remembered at once: more (someone trying many) and the memory starts over. */
const MEMO_MAX = 2_000;

/** In front of the media routers: a path /live/<asset>/<kickoff>-<duration>/… goes on only for a
 *  real game (a 404 `not_found` otherwise); any other path goes on as it is. */
export function dvrGameGuard(games: DvrGames, now: () => number = Date.now): RequestHandler {
  const memo = new Map<string, { real: boolean; until: number }>();
  return (req, res, next) => {
    const m = /^\/live\/([^/]+)\/([^/]+)\//.exec(req.path);
    const game = m && parseGame(m[2]);
    if (!m || !game) return next();
    let asset: string;
    try {
      asset = decodeURIComponent(m[1]);
    } catch {
      return next();
    }
    const nowMs = now();
    const key = `${asset}|${m[2]}`;
    const known = memo.get(key);
    // A game still to kick off is asked again: it becomes real at its kick-off.
    const answer = known && known.until > nowMs ? Promise.resolve(known.real) : games(asset, game, Math.floor(nowMs / 1000));
    answer
      .then((real) => {
        if (!known || known.until <= nowMs) {
          if (memo.size >= MEMO_MAX) memo.clear();
          if (real || game.kickoff * 1000 <= nowMs) memo.set(key, { real, until: nowMs + MEMO_SECONDS * 1000 });
        }
        if (real) return next();
        sendRefusal(res, 404, 'No game of this stream kicks off at that time and lasts that long');
      })
      .catch(next);
  };
}
