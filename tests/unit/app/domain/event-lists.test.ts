import { describe, expect, it } from 'vitest';
import { parseEventFilters } from '~/domain/event-filters';
import { filtersFor, listFields, listForStatus, listQuery, nextGamesQuery, scheduleSwitch, scheduleWindow, todayIn } from '~/domain/event-lists';

const parse = (qs: string) => parseEventFilters(new URLSearchParams(qs));
/** Sat 14 Mar 2026, 15:30 UTC (10:30 in Chicago, CDT). */
const NOW = Date.UTC(2026, 2, 14, 15, 30) / 1000;
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;

describe('the game lists', () => {
  it('/live: the games live now, soonest start first', () => {
    expect(listQuery('live', parse('sport=3&page=2'), NOW, 'UTC')).toEqual({
      offset: 12,
      limit: 12,
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
      stream_status: 'live',
      category: 3,
    });
  });

  it('/live takes no days and no status', () => {
    expect(listFields('live')).toEqual({ status: false, dates: false });
    const q = listQuery('live', parse('status=finished&from=2026-03-01&to=2026-03-02'), NOW, 'UTC');
    expect(q.stream_status).toBe('live');
    expect(q.start_date).toBeUndefined();
    expect(q.end_date).toBeUndefined();
  });

  it('/upcoming: the games not started yet, soonest first, within the days picked', () => {
    expect(listQuery('upcoming', parse('school=7&to=2026-03-20'), NOW, 'UTC')).toEqual({
      offset: 0,
      limit: 12,
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
      stream_status: 'upcoming',
      participant: 7,
      end_date: day(2026, 3, 21) - 1,
    });
  });

  it('/vod (On demand): the finished games, newest first', () => {
    expect(listQuery('vod', parse('location=2&from=2026-03-01'), NOW, 'UTC')).toEqual({
      offset: 0,
      limit: 12,
      sort_field: 'event_utc_ts',
      sort_direction: 'desc',
      stream_status: 'finished',
      location: 2,
      start_date: day(2026, 3, 1),
    });
  });

  it('only the schedule offers the status filter; the others hold one status', () => {
    expect(listFields('schedule')).toEqual({ status: true, dates: true });
    expect(listFields('upcoming')).toEqual({ status: false, dates: true });
    expect(filtersFor('vod', parse('status=live&sport=1')).status).toBeNull();
    expect(filtersFor('schedule', parse('status=live')).status).toBe('live');
  });

  it('an old link to one status belongs to that status’s list', () => {
    expect(listForStatus('live')).toBe('live');
    expect(listForStatus('upcoming')).toBe('upcoming');
    expect(listForStatus('finished')).toBe('vod');
  });
});

describe('the schedule', () => {
  it('opens on today and later, soonest first, every status', () => {
    expect(listQuery('schedule', parse(''), NOW, 'UTC')).toEqual({
      offset: 0,
      limit: 12,
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
      start_date: day(2026, 3, 14),
    });
  });

  it('reads "today" in the zone it is given', () => {
    // 03:00 UTC on the 15th is still the 14th in Chicago (UTC−5 in March).
    const lateEvening = Date.UTC(2026, 2, 15, 3, 0) / 1000;
    expect(todayIn(lateEvening, 'UTC')).toEqual({ today: '2026-03-15', yesterday: '2026-03-14' });
    expect(todayIn(lateEvening, 'America/Chicago')).toEqual({ today: '2026-03-14', yesterday: '2026-03-13' });
    expect(listQuery('schedule', parse(''), lateEvening, 'America/Chicago').start_date).toBe(Date.UTC(2026, 2, 14, 5) / 1000);
  });

  it('keeps a status and a To day from today on', () => {
    const q = listQuery('schedule', parse('status=upcoming&to=2026-03-16'), NOW, 'UTC');
    expect(q).toMatchObject({ stream_status: 'upcoming', sort_direction: 'asc', start_date: day(2026, 3, 14), end_date: day(2026, 3, 17) - 1 });
  });

  it('a From day, earlier than today too, is the fan’s: from it on, soonest first', () => {
    const q = listQuery('schedule', parse('from=2026-03-01&to=2026-03-05'), NOW, 'UTC');
    expect(q).toMatchObject({ sort_direction: 'asc', start_date: day(2026, 3, 1), end_date: day(2026, 3, 6) - 1 });
  });

  it('a To day before today alone: the earlier days, newest first', () => {
    expect(scheduleWindow(parse('to=2026-03-13'), '2026-03-14').kind).toBe('earlier');
    expect(scheduleWindow(parse('to=2026-03-14'), '2026-03-14').kind).toBe('ahead');
    expect(scheduleWindow(parse('from=2026-03-01&to=2026-03-13'), '2026-03-14').kind).toBe('ahead');
    const q = listQuery('schedule', parse('to=2026-03-13&sport=4'), NOW, 'UTC');
    expect(q).toEqual({ offset: 0, limit: 12, sort_field: 'event_utc_ts', sort_direction: 'desc', category: 4, end_date: day(2026, 3, 14) - 1 });
  });

  it('links to the earlier days and back, keeping the other filters', () => {
    expect(scheduleSwitch(parse('sport=4&view=list&page=3'), NOW, 'UTC')).toEqual({
      label: 'Earlier games',
      href: '/schedule?sport=4&to=2026-03-13&view=list',
    });
    expect(scheduleSwitch(parse('to=2026-03-13&sport=4&page=2'), NOW, 'UTC')).toEqual({ label: 'Today and later', href: '/schedule?sport=4' });
  });
});

describe('when nothing is live', () => {
  it('offers the next few games with the same sport, school and place', () => {
    expect(nextGamesQuery(parse('sport=3&school=5&location=1&page=4'))).toEqual({
      offset: 0,
      limit: 6,
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
      stream_status: 'upcoming',
      category: 3,
      participant: 5,
      location: 1,
    });
  });
});
