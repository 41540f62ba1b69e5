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
import { deleteFeed, feedOf, feedOwner, followedGamesFrom, replaceFeed, versionsOf, type FeedGameRow } from '../repo/calendar.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { gameNamesOf } from '../repo/events.ts';
import { webPaths, webUrl } from '../web-links.ts';

/* A fan's calendar feed (issue 24, ADR 035, 045). Its token is 128 random bits, found by its keyed
   hash (signing purpose 'calendar-feed'), looked up by every key's hash so a key rotation keeps
   feeds working, and kept sealed with the same purpose's key so its owner sees it again. A game's SEQUENCE and DTSTAMP come from the version kept of what
   the feed says of it (repo/calendar.ts versionsOf). */

/** The fan's feed, its token unsealed (null when it was made before tokens were kept, or sealed
 *  with a key the server no longer has: a reset makes a new one). */
export async function feedOfFan(deps: Deps, caller: Caller): Promise<CalendarFeedState> {
  const feed = await feedOf(deps.db, requireUser(caller).id);
  if (!feed) return { created_at: null, token: null };
  const token = feed.tokenSealed ? deps.signing.unseal('calendar-feed', feed.tokenSealed) : null;
  return { created_at: feed.createdAt.toISOString(), token: token && CALENDAR_TOKEN.test(token) ? token : null };
}

/** A new token for the fan's feed; the old address, if any, stops answering at once. */
export async function makeFeed(deps: Deps, caller: Caller): Promise<{ token: string; created_at: string }> {
  const fan = requireUser(caller);
  const token = randomBytes(16).toString('base64url');
  const now = new Date();
  await replaceFeed(deps.db, fan.id, { hash: deps.signing.hashes('calendar-feed', token)[0], sealed: deps.signing.seal('calendar-feed', token) }, now);
  return { token, created_at: now.toISOString() };
}

export async function stopFeed(deps: Deps, caller: Caller): Promise<CalendarFeedState> {
  await deleteFeed(deps.db, requireUser(caller).id);
  return { created_at: null, token: null };
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
