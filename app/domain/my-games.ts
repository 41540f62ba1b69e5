/* "My games" (/my-games): the query string of its list of followed games, read leniently as every
 * list's (a bad value is dropped), and the channel's GET /events/favorite parameters for it. */
import { endOfDayEpoch, parseDateInput, startOfDayEpoch } from './dates.ts';
import { pageParam, pageWindow, searchOf } from './list-query.ts';

export const MY_GAMES_PAGE_SIZE = 12;

/** What the list shows: the games to come (live ones first) by default, or one status. */
export const MY_GAMES_SHOWS = ['next', 'live', 'upcoming', 'finished'] as const;
export type MyGamesShow = (typeof MY_GAMES_SHOWS)[number];
export const MY_GAMES_SHOW_LABELS: Record<MyGamesShow, string> = {
  next: 'Live and upcoming',
  live: 'Live now',
  upcoming: 'Upcoming',
  finished: 'On demand, latest first',
};

export interface MyGamesFilters {
  show: MyGamesShow;
  /** 'YYYY-MM-DD' */
  from: string | null;
  to: string | null;
  page: number;
}

export function parseMyGamesFilters(search: URLSearchParams): MyGamesFilters {
  const show = search.get('show');
  let from = parseDateInput(search.get('from'));
  let to = parseDateInput(search.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return { show: MY_GAMES_SHOWS.includes(show as MyGamesShow) ? (show as MyGamesShow) : 'next', from, to, page: pageParam(search) };
}

/** GET /events/favorite's parameters: on demand latest first, the rest soonest first. */
export function favoriteEventsQueryFor(f: MyGamesFilters, timeZone = 'UTC') {
  const q: {
    offset: number;
    limit: number;
    stream_status: string;
    sort_field: 'event_utc_ts';
    sort_direction: 'asc' | 'desc';
    start_date?: number;
    end_date?: number;
  } = {
    ...pageWindow(f.page, MY_GAMES_PAGE_SIZE),
    stream_status: f.show === 'next' ? 'live,upcoming' : f.show,
    sort_field: 'event_utc_ts',
    sort_direction: f.show === 'finished' ? 'desc' : 'asc',
  };
  const start = f.from ? startOfDayEpoch(f.from, timeZone) : null;
  const end = f.to ? endOfDayEpoch(f.to, timeZone) : null;
  if (start !== null && start >= 0) q.start_date = start;
  if (end !== null && end >= 0) q.end_date = end;
  return q;
}

/** The query string for these filters with some changed; defaults left out. */
export function myGamesSearch(f: MyGamesFilters, change: Partial<MyGamesFilters> = {}): string {
  const next = { ...f, ...change };
  return searchOf({ show: next.show !== 'next' && next.show, from: next.from, to: next.to, page: next.page > 1 && next.page });
}
