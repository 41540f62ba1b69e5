import { hasAccess, watchable } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { gameFeatures } from './downloads.ts';
import { prerollForGame } from './prerolls.ts';
import { blockedForCaller } from './regions.ts';
import { notFound } from '../http/errors.ts';
import { eventCategoriesOf } from '../repo/catalogue.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById, eventsForHomepage, listEvents, type EventFilters } from '../repo/events.ts';

/* Games (spec section 7, events): lists, one game with what the caller may do with it, the sports,
 * and the home page's rows. A finished game's download is services/downloads.ts. */

/** A page of games: the same for every caller of the channel until a game changes (services/catalogue-answers.ts). */
export function eventList(deps: Deps, { channel }: Pick<Caller, 'channel'>, q: EventFilters) {
  return deps.catalogueAnswers.answer(channel, nowSeconds(), `events ${JSON.stringify(q)}`, (now) => listEvents(deps.db, channel.id, q, now));
}

/** One game, with whether the caller may watch it, its playback (a media grant when they may) and
 *  what they may do with it (clip, download). In a region the game is not shown in (ADR 054), no
 *  playback, no grant and nothing to do with it; `blackout_countries` lets the web app say so to
 *  every visitor of that region from the answer they share. */
export async function eventPage(deps: Deps, caller: Caller, id: number) {
  const { channel, viewer, user, apiKey } = caller;
  const found = await eventById(deps.db, channel.id, id, nowSeconds());
  if (!found) throw notFound('Event not found');
  const access = hasAccess(watchable(found.out), viewer);
  const blocked = blockedForCaller(caller, found.blackout);
  const playback = await deps.media.eventPlayback({ user, apiKey, country: caller.geo.country_code }, { ...found.out, asset: found.asset }, access && !blocked);
  // A pre-roll only in front of what the viewer plays now.
  const preroll = playback.url ? await prerollForGame(deps, caller, found.out) : null;
  const features = blocked ? blockedFeatures : gameFeatures(found, viewer, access);
  return { ...found.out, blackout_countries: found.blackout, has_access: access, ...playback, features, preroll };
}

/** Nothing to do with a game the region may not have. */
const blockedFeatures = {
  clip: { state: 'unavailable', capability: 'clipping' },
  download: { state: 'unavailable', capability: 'download' },
} as const;

export const sports = (deps: Deps, { channel }: Pick<Caller, 'channel'>) =>
  deps.catalogueAnswers.answer(channel, nowSeconds(), 'sports', () => eventCategoriesOf(deps.db, channel.id));

export function homepageRows(deps: Deps, { channel }: Pick<Caller, 'channel'>) {
  return deps.catalogueAnswers.answer(channel, nowSeconds(), 'homepage', (now) => eventsForHomepage(deps.db, channel.id, now));
}
