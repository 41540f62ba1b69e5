/* "My games" (/my-games): the query string of its list of followed games, read leniently as every
 * list's (a bad value is dropped), and the channel's GET /events/favorite parameters for it. */
import { dateRangeQuery, parseDateRange } from './event-filters.ts';
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
  return { show: MY_GAMES_SHOWS.includes(show as MyGamesShow) ? (show as MyGamesShow) : 'next', ...parseDateRange(search), page: pageParam(search) };
}

/** GET /events/favorite's parameters: on demand latest first, the rest soonest first. */
export function followedEventsQueryFor(f: MyGamesFilters, timeZone: string) {
  return {
    ...pageWindow(f.page, MY_GAMES_PAGE_SIZE),
    stream_status: f.show === 'next' ? 'live,upcoming' : f.show,
    sort_field: 'event_utc_ts' as const,
    sort_direction: f.show === 'finished' ? ('desc' as const) : ('asc' as const),
    ...dateRangeQuery(f, timeZone),
  };
}

/** The query string for these filters with some changed; defaults left out. */
export function myGamesSearch(f: MyGamesFilters, change: Partial<MyGamesFilters> = {}): string {
  const next = { ...f, ...change };
  return searchOf({ show: next.show !== 'next' && next.show, from: next.from, to: next.to, page: next.page > 1 && next.page });
}
