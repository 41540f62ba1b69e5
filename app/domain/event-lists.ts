/* The four game lists and what each one means (issue 34): which games, in which order, from which
 * day. /live: games live now, soonest start first. /upcoming: games not started yet, soonest first.
 * /vod (On demand): finished games, newest first. /schedule: every status, from today on, soonest
 * first, and the earlier days one link away (a `to` before today reads back from it, newest
 * first). The filters (/upcoming?sport=&school=&location=&from=&to=&view=&page=, domain/event-filters)
 * are the same on each, less those a list cannot use. The channel does the filtering, ordering and
 * paging (GET /events: stream_status, start_date, end_date, sort_direction). */
import { isoDay } from '#contract/dates';
import { startOfDayEpoch } from './dates.ts';
import { PAGE_SIZE, dateRangeQuery, filtersSearch, type EventFilters, type EventsQuery } from './event-filters.ts';
import type { StreamStatus } from './event-status.ts';
import { pageWindow } from './list-query.ts';

export type ListKind = 'live' | 'upcoming' | 'vod' | 'schedule';

export const LIST_PATHS: Record<ListKind, `/${string}`> = { live: '/live', upcoming: '/upcoming', vod: '/vod', schedule: '/schedule' };

/** Each list's page title, what its meta says, and what it says when it holds nothing. */
export const LIST_WORDS: Record<ListKind, { title: string; description: string; empty: string }> = {
  live: { title: 'Live now', description: 'Games live right now, by sport, school and place.', empty: 'No live games match these filters.' },
  upcoming: {
    title: 'Upcoming',
    description: 'The games coming up, soonest first, by sport, school, place and date.',
    empty: 'No upcoming games match these filters.',
  },
  vod: {
    title: 'On demand',
    description: 'Finished games to watch any time, newest first, and the latest videos.',
    empty: 'No finished games match these filters.',
  },
  schedule: {
    title: 'Schedule',
    description: 'Every game from today on, by sport, school, place and date; earlier days one link away.',
    empty: 'No games match these filters.',
  },
};

/** The one status a list holds (the schedule: whichever the fan picks, or all). */
const LIST_STATUS: Record<Exclude<ListKind, 'schedule'>, StreamStatus> = { live: 'live', upcoming: 'upcoming', vod: 'finished' };

/** The list that holds one status: where `/upcoming?status=live` (an old link) belongs. */
export const listForStatus = (status: StreamStatus): Exclude<ListKind, 'schedule'> => (status === 'live' ? 'live' : status === 'upcoming' ? 'upcoming' : 'vod');

/** Which filter fields a list offers (status only on the schedule; no days on the live list). */
export function listFields(kind: ListKind): { status: boolean; dates: boolean } {
  return { status: kind === 'schedule', dates: kind !== 'live' };
}

/** The filters as a list reads them: those it does not offer are dropped. */
export function filtersFor(kind: ListKind, f: EventFilters): EventFilters {
  const fields = listFields(kind);
  return { ...f, status: fields.status ? f.status : null, from: fields.dates ? f.from : null, to: fields.dates ? f.to : null };
}

/** Which days a schedule shows: 'ahead' from today (or the fan's From day) on, soonest first;
 *  'earlier' up to a day before today, newest first. */
export type ScheduleWindow = { kind: 'ahead'; today: string } | { kind: 'earlier'; today: string };

/** The calendar day `now` falls on in a zone, and the day before it ('YYYY-MM-DD'). */
export function todayIn(now: number, timeZone: string): { today: string; yesterday: string } {
  const today = isoDay(now, timeZone);
  const start = startOfDayEpoch(today, timeZone) ?? now;
  return { today, yesterday: isoDay(start - 1, timeZone) };
}

/** The schedule's window: a To day before today with no From day reads back from it. */
export function scheduleWindow(f: Pick<EventFilters, 'from' | 'to'>, today: string): ScheduleWindow {
  return !f.from && f.to !== null && f.to < today ? { kind: 'earlier', today } : { kind: 'ahead', today };
}

/** GET /events' parameters for a list's page at `now` (epoch seconds), its days in `timeZone`. */
export function listQuery(kind: ListKind, filters: EventFilters, now: number, timeZone: string): EventsQuery {
  const f = filtersFor(kind, filters);
  const q: EventsQuery = { ...pageWindow(f.page, PAGE_SIZE), sort_field: 'event_utc_ts', sort_direction: 'asc' };
  if (f.sport) q.category = f.sport;
  if (f.school) q.participant = f.school;
  if (f.location) q.location = f.location;
  if (kind === 'schedule') {
    if (f.status) q.stream_status = f.status;
    const { today } = todayIn(now, timeZone);
    if (scheduleWindow(f, today).kind === 'earlier') return { ...q, sort_direction: 'desc', ...dateRangeQuery({ from: null, to: f.to }, timeZone) };
    // From today on unless the fan picked a From day (an earlier one too: then they asked for it).
    return { ...q, ...dateRangeQuery({ from: f.from ?? today, to: f.to }, timeZone) };
  }
  q.stream_status = LIST_STATUS[kind];
  if (kind === 'vod') q.sort_direction = 'desc';
  return { ...q, ...dateRangeQuery(f, timeZone) };
}

/** How many next games /live offers when nothing is live. */
export const NEXT_GAMES_LIMIT = 6;

/** When nothing is live: the next games, with the live list's sport, school and place. */
export function nextGamesQuery(filters: EventFilters): EventsQuery {
  const q = listQuery('upcoming', { ...filters, from: null, to: null, page: 1 }, 0, 'UTC');
  return { ...q, limit: NEXT_GAMES_LIMIT };
}

/** The schedule's links between its two windows, keeping the other filters: from today on,
 *  "Earlier games" (up to yesterday); back from the earlier days, "Today and later". */
export function scheduleSwitch(filters: EventFilters, now: number, timeZone: string): { label: string; href: string } {
  const { today, yesterday } = todayIn(now, timeZone);
  const path = LIST_PATHS.schedule;
  if (scheduleWindow(filters, today).kind === 'earlier')
    return { label: 'Today and later', href: `${path}${filtersSearch(filters, { from: null, to: null, page: 1 })}` };
  return { label: 'Earlier games', href: `${path}${filtersSearch(filters, { from: null, to: yesterday, page: 1 })}` };
}
