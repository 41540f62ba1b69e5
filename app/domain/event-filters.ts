/* The events list's query string (/upcoming?status=&sport=&school=&location=&from=&to=&view=&page=),
 * read leniently: a bad value is dropped, never an error, so a hand-edited URL still shows a list. */
import { endOfDayEpoch, parseDateInput, startOfDayEpoch } from './dates.ts';
import type { StreamStatus } from './event-status.ts';

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

function positiveInt(value: string | null, max = 2_147_483_647): number | null {
  if (!value || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
}

export function parseEventFilters(search: URLSearchParams): EventFilters {
  const status = search.get('status');
  const view = search.get('view');
  let from = parseDateInput(search.get('from'));
  let to = parseDateInput(search.get('to'));
  // A reversed range is most likely the two fields swapped.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: STATUSES.includes(status as StreamStatus) ? (status as StreamStatus) : null,
    sport: positiveInt(search.get('sport')),
    school: positiveInt(search.get('school')),
    location: positiveInt(search.get('location')),
    from,
    to,
    view: VIEWS.includes(view as ViewMode) ? (view as ViewMode) : 'grid',
    page: positiveInt(search.get('page'), 100_000) ?? 1,
  };
}

/** Parameters of the channel's GET /events for these filters (contract eventsQuery). */
export function eventsQueryFor(f: EventFilters, timeZone = 'UTC') {
  const q: {
    offset: number;
    limit: number;
    sort_field: 'event_utc_ts';
    sort_direction: 'asc';
    stream_status?: string;
    category?: number;
    participant?: number;
    location?: number;
    start_date?: number;
    end_date?: number;
  } = { offset: (f.page - 1) * PAGE_SIZE, limit: PAGE_SIZE, sort_field: 'event_utc_ts', sort_direction: 'asc' };
  if (f.status) q.stream_status = f.status;
  if (f.sport) q.category = f.sport;
  if (f.school) q.participant = f.school;
  if (f.location) q.location = f.location;
  const start = f.from ? startOfDayEpoch(f.from, timeZone) : null;
  const end = f.to ? endOfDayEpoch(f.to, timeZone) : null;
  if (start !== null && start >= 0) q.start_date = start;
  if (end !== null && end >= 0) q.end_date = end;
  return q;
}

/** Query string for these filters with some values changed; defaults are left out. */
export function filtersSearch(f: EventFilters, change: Partial<EventFilters> = {}): string {
  const next = { ...f, ...change };
  const s = new URLSearchParams();
  if (next.status) s.set('status', next.status);
  if (next.sport) s.set('sport', String(next.sport));
  if (next.school) s.set('school', String(next.school));
  if (next.location) s.set('location', String(next.location));
  if (next.from) s.set('from', next.from);
  if (next.to) s.set('to', next.to);
  if (next.view !== 'grid') s.set('view', next.view);
  if (next.page > 1) s.set('page', String(next.page));
  const str = s.toString();
  return str ? `?${str}` : '';
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / PAGE_SIZE));
}
