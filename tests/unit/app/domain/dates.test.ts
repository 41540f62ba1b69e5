import { describe, expect, it } from 'vitest';
import { endOfDayEpoch, isoFromEpoch, parseDateInput, startOfDayEpoch } from '~/domain/dates';

// 2026-03-14T23:00:00Z
const TS = Date.UTC(2026, 2, 14, 23, 0, 0) / 1000;

describe('<time> dates', () => {
  it('gives an ISO string for <time>', () => {
    expect(isoFromEpoch(TS)).toBe('2026-03-14T23:00:00.000Z');
  });
});

describe('filter dates', () => {
  it('accepts only real calendar dates', () => {
    expect(parseDateInput('2026-02-28')).toBe('2026-02-28');
    expect(parseDateInput(' 2024-02-29 ')).toBe('2024-02-29');
    expect(parseDateInput('2026-02-29')).toBeNull();
    expect(parseDateInput('2026-13-01')).toBeNull();
    expect(parseDateInput('14/03/2026')).toBeNull();
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput(null)).toBeNull();
  });

  it('turns a day into epoch seconds at its start and end (UTC)', () => {
    expect(startOfDayEpoch('2026-03-14')).toBe(Date.UTC(2026, 2, 14) / 1000);
    expect(endOfDayEpoch('2026-03-14')).toBe(Date.UTC(2026, 2, 15) / 1000 - 1);
    expect(startOfDayEpoch('nope')).toBeNull();
  });

  it('handles a zone and its daylight-saving change days', () => {
    // EDT (UTC-4) from 8 March.
    expect(startOfDayEpoch('2026-03-14', 'America/New_York')).toBe(Date.UTC(2026, 2, 14, 4) / 1000);
    // 8 March 2026: clocks go forward at 02:00, so the day is 23 hours long.
    const start = startOfDayEpoch('2026-03-08', 'America/New_York')!;
    const end = endOfDayEpoch('2026-03-08', 'America/New_York')!;
    expect(start).toBe(Date.UTC(2026, 2, 8, 5) / 1000);
    expect(end - start + 1).toBe(23 * 3600);
  });
});
