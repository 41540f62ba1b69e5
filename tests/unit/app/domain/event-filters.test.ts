import { describe, expect, it } from 'vitest';
import { eventsQueryFor, filtersSearch, eventPageCount, parseEventFilters } from '~/domain/event-filters';

const parse = (qs: string) => parseEventFilters(new URLSearchParams(qs));

describe('events list filters', () => {
  it('reads valid values', () => {
    expect(parse('status=live&sport=3&school=12&location=2&from=2026-03-01&to=2026-03-31&view=list&page=2')).toEqual({
      status: 'live',
      sport: 3,
      school: 12,
      location: 2,
      from: '2026-03-01',
      to: '2026-03-31',
      view: 'list',
      page: 2,
    });
  });

  it('drops invalid values instead of failing', () => {
    expect(parse('status=bogus&sport=abc&school=-4&location=1.5&from=2026-02-30&to=x&view=table&page=abc')).toEqual({
      status: null,
      sport: null,
      school: null,
      location: null,
      from: null,
      to: null,
      view: 'grid',
      page: 1,
    });
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=99999999999').page).toBe(1);
  });

  it('swaps a reversed date range', () => {
    const f = parse('from=2026-03-31&to=2026-03-01');
    expect([f.from, f.to]).toEqual(['2026-03-01', '2026-03-31']);
  });

  it("bounds a day filter by the channel's day, not UTC's", () => {
    const q = eventsQueryFor(parse('from=2026-03-01&to=2026-03-01'), 'America/Chicago');
    // Central Standard Time is UTC−6 on 1 March.
    expect(q.start_date).toBe(Date.UTC(2026, 2, 1, 6) / 1000);
    expect(q.end_date).toBe(Date.UTC(2026, 2, 2, 6) / 1000 - 1);
  });

  it('builds the channel query with paging of 12 and inclusive day bounds', () => {
    const q = eventsQueryFor(parse('status=finished&sport=3&from=2026-03-01&to=2026-03-01&page=3'), 'UTC');
    expect(q).toEqual({
      offset: 24,
      limit: 12,
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
      stream_status: 'finished',
      category: 3,
      start_date: Date.UTC(2026, 2, 1) / 1000,
      end_date: Date.UTC(2026, 2, 2) / 1000 - 1,
    });
  });

  it('keeps filters in links and leaves defaults out', () => {
    const f = parse('status=live&view=list&page=2');
    expect(filtersSearch(f, { page: 3 })).toBe('?status=live&view=list&page=3');
    expect(filtersSearch(f, { view: 'grid', page: 1 })).toBe('?status=live');
    expect(filtersSearch(parse(''))).toBe('');
  });

  it('counts pages', () => {
    expect(eventPageCount(0)).toBe(1);
    expect(eventPageCount(12)).toBe(1);
    expect(eventPageCount(13)).toBe(2);
  });
});
