import { describe, expect, it } from 'vitest';
import { followGamesFilters, gamesQuery } from '~/domain/follow-games';

describe('the games of a follow page', () => {
  it("reads status, view and page, and none of /upcoming's other filters", () => {
    const filters = followGamesFilters(new URLSearchParams('status=finished&view=list&page=2&school=4&sport=1&location=2&from=2026-01-01'));
    expect(filters).toMatchObject({ status: 'finished', view: 'list', page: 2, school: null, sport: null, location: null, from: null });
    expect(followGamesFilters(new URLSearchParams('status=bogus&page=-1'))).toMatchObject({ status: null, page: 1, view: 'grid' });
  });

  it('pages a status soonest first, and on demand the latest first', () => {
    const filters = followGamesFilters(new URLSearchParams('page=3'));
    expect(gamesQuery(filters, 'upcoming', 'UTC')).toMatchObject({ stream_status: 'upcoming', offset: 24, limit: 12, sort_direction: 'asc' });
    expect(gamesQuery(filters, 'finished', 'UTC')).toMatchObject({ stream_status: 'finished', offset: 24, sort_direction: 'desc' });
    // An overview section: the first few.
    expect(gamesQuery(filters, 'live', 'UTC', 8)).toMatchObject({ stream_status: 'live', offset: 0, limit: 8 });
  });
});
