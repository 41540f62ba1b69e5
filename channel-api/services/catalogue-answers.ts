import { LRUCache } from 'lru-cache';
import { shareJson } from '../http/shared-json.ts';
import type { ChannelRow } from '../repo/channels.ts';

/* The public game lists (GET /events, the home page's rows, the sports) answer every caller of a
 * channel alike: what they hold depends only on the channel's games, teams and sports, the query,
 * and the clock — and the clock only through each game's status and reported start, which change
 * at known seconds (repo/event-status.ts nextChange). So an answer is made once and kept for:
 * - the channel's `catalogue_version`, which the database's triggers bump in the same transaction
 *   as any write to those tables (migration 0021: an import, a seed, a test's own UPDATE), and which
 *   every call already reads with its api key (repo/sessions.ts): a change is seen by the first
 *   call after its commit, in this process and in any other on the same database;
 * - a span of the clock in which none of the channel's games changes (from a call's `now` to the
 *   soonest next change, one query per span): every call in it gets what it would have got
 *   without the cache, to the second — a game turns live on the second it starts.
 * Not by time alone: nothing here is ever stale. An answer being made is shared (one set of
 * queries for a burst of the same call); a failed one is not kept. The answers are shared
 * objects: callers send them as they are and never change them (ADR 062), and their JSON is
 * written once (http/shared-json.ts). */

/** Distinct answers kept (channel × version × span × query): every list page a busy site's fans ask. */
const MAX_ANSWERS = 500;

export interface CatalogueAnswers {
  /** The answer kept for this channel's catalogue version, the span of the clock `now` is in, and
   *  `query` (the call and its params), or the one `make` makes. `make` is given `now`. */
  answer<T>(channel: Pick<ChannelRow, 'id' | 'catalogueVersion'>, now: number, query: string, make: (now: number) => Promise<T>): Promise<T>;
}

/** `nextChange`: the first second after `now` at which one of the channel's games changes its status
 *  or reported start, or null if none will (repo/events.ts catalogueNextChange). */
export function catalogueAnswers(nextChange: (channelId: number, now: number) => Promise<number | null>): CatalogueAnswers {
  /** Per channel and version: the span of the clock the kept answers hold for, [from, until). */
  const spans = new LRUCache<string, { from: number; until: Promise<number> }>({ max: 100 });
  const kept = new LRUCache<string, Promise<unknown>>({ max: MAX_ANSWERS });
  const keep = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let found = kept.get(key) as Promise<T> | undefined;
    if (!found) {
      found = make().then(shareJson);
      kept.set(key, found);
      found.catch(() => kept.delete(key));
    }
    return found;
  };

  /** The start of the span `now` is in: the kept one's, or `now` for a new one. A burst of calls
   *  at a span's end starts one new span, not one each. */
  function spanOf(channelId: number, version: string, now: number): Promise<number> {
    const span = spans.get(version);
    const renew = (): Promise<number> => {
      const current = spans.get(version);
      if (current && current !== span && current.from <= now) return spanOf(channelId, version, now);
      const until = nextChange(channelId, now).then((at) => at ?? Infinity);
      const fresh = { from: now, until };
      spans.set(version, fresh);
      until.catch(() => spans.get(version) === fresh && spans.delete(version));
      return until.then(() => now);
    };
    if (!span || span.from > now) return renew();
    return span.until.then((until) => (now < until ? span.from : renew()));
  }

  return {
    async answer<T>(channel: Pick<ChannelRow, 'id' | 'catalogueVersion'>, now: number, query: string, make: (now: number) => Promise<T>) {
      const version = `${channel.id} ${channel.catalogueVersion}`;
      const from = await spanOf(channel.id, version, now);
      return keep(`${version} ${from} ${query}`, () => make(now));
    },
  };
}
