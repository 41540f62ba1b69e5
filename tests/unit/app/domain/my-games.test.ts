import { describe, expect, it } from 'vitest';
import { followIdOf } from '~/domain/follows';
import { followedEventsQueryFor, myGamesSearch, parseMyGamesFilters } from '~/domain/my-games';

/* "My games": its query string read leniently, the channel's parameters for it, and which of a
   fan's follows a Follow button is. */

const parse = (search: string) => parseMyGamesFilters(new URLSearchParams(search));

describe('My games filters', () => {
  it('shows the games to come by default, live first then soonest, twelve a page', () => {
    const filters = parse('');
    expect(filters).toEqual({ show: 'next', from: null, to: null, page: 1 });
    expect(followedEventsQueryFor(filters, 'UTC')).toEqual({
      offset: 0,
      limit: 12,
      stream_status: 'live,upcoming',
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
    });
    expect(myGamesSearch(filters)).toBe('');
  });

  it('shows on demand latest first, one status, dates (swapped when reversed) and a page', () => {
    const filters = parse('show=finished&from=2026-12-31&to=2026-12-01&page=3');
    expect(filters).toEqual({ show: 'finished', from: '2026-12-01', to: '2026-12-31', page: 3 });
    const q = followedEventsQueryFor(filters, 'UTC');
    expect(q).toMatchObject({ offset: 24, limit: 12, stream_status: 'finished', sort_direction: 'desc' });
    expect(q.start_date).toBe(Date.UTC(2026, 11, 1) / 1000);
    expect(q.end_date).toBe(Date.UTC(2026, 11, 31, 23, 59, 59) / 1000);
    expect(myGamesSearch(filters, { page: 1 })).toBe('?show=finished&from=2026-12-01&to=2026-12-31');
  });

  it('drops what it cannot read instead of failing', () => {
    expect(parse('show=everything&from=yesterday&to=2026-13-40&page=-2')).toEqual({ show: 'next', from: null, to: null, page: 1 });
    expect(parse('show=live').show).toBe('live');
  });
});

describe('followIdOf', () => {
  const follows = [
    { type: 'participant' as const, id: 3, followId: 11 },
    { type: 'event_category' as const, id: 3, followId: 12 },
  ];
  it('finds the follow by type and id together, and none for a visitor', () => {
    expect(followIdOf(follows, 'participant', 3)).toBe(11);
    expect(followIdOf(follows, 'event_category', 3)).toBe(12);
    expect(followIdOf(follows, 'event_location', 3)).toBeNull();
    expect(followIdOf(null, 'participant', 3)).toBeNull();
  });
});
