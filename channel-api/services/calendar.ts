import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_MAX_GAMES,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_MSG,
  CALENDAR_TOKEN,
  type CalendarFeedState,
  type CalendarGame,
} from '../../contract/index.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { requireUser } from '../http/route.ts';
import { deleteFeed, feedMadeAt, feedOwner, followedGamesFrom, replaceFeed, versionsOf, type FeedGameRow } from '../repo/calendar.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { gameNamesOf } from '../repo/events.ts';
import { webPaths, webUrl } from '../web-links.ts';

/* A fan's calendar feed (issue 24, ADR 035). Its token is 128 random bits, answered once; only its
   keyed hash is kept (signing purpose 'calendar-feed'), looked up by every key's hash so a key
   rotation keeps feeds working. A game's SEQUENCE and DTSTAMP come from the version kept of what
   the feed says of it (repo/calendar.ts versionsOf). */

const state = (madeAt: Date | null): CalendarFeedState => ({ created_at: madeAt?.toISOString() ?? null });

export const feedOfFan = async (deps: Deps, caller: Caller): Promise<CalendarFeedState> => state(await feedMadeAt(deps.db, requireUser(caller).id));

/** A new token for the fan's feed; the old address, if any, stops answering at once. */
export async function makeFeed(deps: Deps, caller: Caller): Promise<{ token: string; created_at: string }> {
  const fan = requireUser(caller);
  const token = randomBytes(16).toString('base64url');
  const now = new Date();
  await replaceFeed(deps.db, fan.id, deps.signing.hashes('calendar-feed', token)[0], now);
  return { token, created_at: now.toISOString() };
}

export async function stopFeed(deps: Deps, caller: Caller): Promise<CalendarFeedState> {
  await deleteFeed(deps.db, requireUser(caller).id);
  return state(null);
}

/** What a feed says of a game, but its version. */
type GameText = Omit<CalendarGame, 'sequence' | 'changed_at'>;

const placeOf = (r: FeedGameRow): string | null => [r.venue, r.address, r.city].filter((part) => part && part.trim()).join(', ') || null;

function gameText(deps: Deps, r: FeedGameRow, name: string): GameText {
  return {
    id: r.id,
    uid: `event-${r.id}@${new URL(deps.publicUrl).host}`,
    name,
    starts_at: new Date(r.eventUtcTs * 1000).toISOString(),
    ends_at: new Date((r.eventUtcTs + Math.max(0, r.duration)) * 1000).toISOString(),
    location: placeOf(r),
    url: webUrl(deps.publicUrl, webPaths.event(r.id)),
  };
}

const fingerprint = (g: GameText) =>
  createHash('sha256')
    .update(JSON.stringify([g.uid, g.name, g.starts_at, g.ends_at, g.location, g.url]))
    .digest('base64url');

/** The games of the feed with this token: those the fan follows that ended at most
 *  CALENDAR_FEED_PAST_DAYS ago, the soonest first, at most CALENDAR_FEED_MAX_GAMES. */
export async function feedGames(deps: Deps, caller: Caller, token: string): Promise<{ channel_name: string; games: CalendarGame[] }> {
  const owner = CALENDAR_TOKEN.test(token) ? await feedOwner(deps.db, caller.channel.id, deps.signing.hashes('calendar-feed', token)) : null;
  if (owner === null) throw notFound(CALENDAR_MSG.notFound);
  const from = nowSeconds() - CALENDAR_FEED_PAST_DAYS * 86_400;
  const rows = await followedGamesFrom(deps.db, caller.channel.id, owner, from, CALENDAR_FEED_MAX_GAMES);
  // Each game's one name (contract/game-name.ts): the SUMMARY a calendar shows.
  const names = await gameNamesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const texts = rows.map((r) => gameText(deps, r, names.get(r.id) ?? r.name));
  const versions = await versionsOf(deps.db, new Map(texts.map((g) => [g.id, fingerprint(g)])), new Date());
  const games = texts.map((g) => {
    const version = versions.get(g.id)!;
    return { ...g, sequence: version.sequence, changed_at: version.changedAt.toISOString() };
  });
  return { channel_name: caller.channel.name, games };
}
