/* The events list's query string (/upcoming?status=&sport=&school=&location=&from=&to=&view=&page=),
 * read leniently: a bad value is dropped, never an error, so a hand-edited URL still shows a list. */
import { endOfDayEpoch, parseDateInput, startOfDayEpoch } from './dates.ts';
import type { StreamStatus } from './event-status.ts';
import { pageCount, pageParam, pageWindow, positiveInt, searchOf } from './list-query.ts';

export const PAGE_SIZE = 12;
export const VIEWS = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEWS)[number];
const STATUSES: readonly StreamStatus[] = ['live', 'upcoming', 'finished'];

export interface EventFilters {
  status: StreamStatus | null;
  sport: number | null;
  school: number | null;
  location: number | null;
  /** 'YYYY-MM-DD' */
  from: string | null;
  to: string | null;
  view: ViewMode;
  page: number;
}

/** A list's `from` and `to` days ('YYYY-MM-DD'), each dropped when unreadable (/upcoming, My games). */
export function parseDateRange(search: URLSearchParams): { from: string | null; to: string | null } {
  let from = parseDateInput(search.get('from'));
  let to = parseDateInput(search.get('to'));
  // A reversed range is most likely the two fields swapped.
  if (from && to && from > to) [from, to] = [to, from];
  return { from, to };
}

/** The channel's start_date and end_date (epoch seconds, inclusive) for a range of days. */
export function dateRangeQuery(range: { from: string | null; to: string | null }, timeZone: string): { start_date?: number; end_date?: number } {
  const q: { start_date?: number; end_date?: number } = {};
  const start = range.from ? startOfDayEpoch(range.from, timeZone) : null;
  const end = range.to ? endOfDayEpoch(range.to, timeZone) : null;
  if (start !== null && start >= 0) q.start_date = start;
  if (end !== null && end >= 0) q.end_date = end;
  return q;
}

export function parseEventFilters(search: URLSearchParams): EventFilters {
  const status = search.get('status');
  const view = search.get('view');
  const { from, to } = parseDateRange(search);
  return {
    status: STATUSES.includes(status as StreamStatus) ? (status as StreamStatus) : null,
    sport: positiveInt(search.get('sport')),
    school: positiveInt(search.get('school')),
    location: positiveInt(search.get('location')),
    from,
    to,
    view: VIEWS.includes(view as ViewMode) ? (view as ViewMode) : 'grid',
    page: pageParam(search),
  };
}

/** Parameters of the channel's GET /events for these filters (contract eventsQuery). */
/** The channel's events query (GET /events) a list asks: its page, its order and its filters. */
export interface EventsQuery {
  offset: number;
  limit: number;
  sort_field: 'event_utc_ts';
  sort_direction: 'asc' | 'desc';
  stream_status?: string;
  category?: number;
  participant?: number;
  location?: number;
  start_date?: number;
  end_date?: number;
}

/** `timeZone`: the channel's, in which a date filter's days begin and end. */
export function eventsQueryFor(f: EventFilters, timeZone: string): EventsQuery {
  const q: EventsQuery = { ...pageWindow(f.page, PAGE_SIZE), sort_field: 'event_utc_ts', sort_direction: 'asc' };
  if (f.status) q.stream_status = f.status;
  if (f.sport) q.category = f.sport;
  if (f.school) q.participant = f.school;
  if (f.location) q.location = f.location;
  return { ...q, ...dateRangeQuery(f, timeZone) };
}

/** Query string for these filters with some values changed; defaults are left out. */
export function filtersSearch(f: EventFilters, change: Partial<EventFilters> = {}): string {
  const next = { ...f, ...change };
  return searchOf({
    status: next.status,
    sport: next.sport,
    school: next.school,
    location: next.location,
    from: next.from,
    to: next.to,
    view: next.view !== 'grid' && next.view,
    page: next.page > 1 && next.page,
  });
}

export const eventPageCount = (total: number) => pageCount(total, PAGE_SIZE);
