import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEventDate, formatLongDate, formatLongDateTime, isoDay, RECORD_ZONE, safeZone, wallClock } from '#contract/dates';

/* The one home of dates as fans read them (contract/dates.ts): the web app's pages and the channel
   API's mails and pages write each with these, in the zone they are given. */

// 2026-03-14T23:00:00Z: Saturday evening in New York, already Sunday in Tokyo.
const TS = Date.UTC(2026, 2, 14, 23, 0, 0) / 1000;
const ISO = '2026-03-14T23:00:00.000Z';

describe('an event’s date', () => {
  it("is written in the event's time zone, with its abbreviation", () => {
    expect(formatEventDate(TS, 'America/New_York')).toBe('Sat, Mar 14, 2026, 7:00 PM EDT');
    expect(formatEventDate(TS, 'America/Los_Angeles')).toBe('Sat, Mar 14, 2026, 4:00 PM PDT');
  });

  it('falls back to UTC for a missing or unknown zone', () => {
    expect(formatEventDate(TS, 'Mars/Olympus')).toBe('Sat, Mar 14, 2026, 11:00 PM UTC');
    expect(formatEventDate(TS, null)).toBe('Sat, Mar 14, 2026, 11:00 PM UTC');
    expect(safeZone('Mars/Olympus')).toBe('UTC');
    expect(safeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('a record’s date', () => {
  it('is written in UTC today (RECORD_ZONE), as on an order, a clip or a transaction', () => {
    expect(RECORD_ZONE).toBe('UTC');
    expect(formatDate(ISO, RECORD_ZONE)).toBe('Mar 14, 2026');
    expect(formatDateTime(ISO, RECORD_ZONE)).toBe('Mar 14, 2026, 11:00 PM UTC');
  });

  it('as a mail and the sandbox portal write it', () => {
    expect(formatLongDate(new Date(ISO), RECORD_ZONE)).toBe('March 14, 2026');
    expect(formatLongDateTime(ISO, RECORD_ZONE)).toBe('March 14, 2026 at 11:00 PM UTC');
  });

  it('is written in another zone when given one, naming that zone', () => {
    expect(formatDate(ISO, 'Asia/Tokyo')).toBe('Mar 15, 2026');
    expect(formatDateTime(ISO, 'America/New_York')).toBe('Mar 14, 2026, 7:00 PM EDT');
    expect(formatLongDateTime(ISO, 'America/New_York')).toBe('March 14, 2026 at 7:00 PM EDT');
    expect(formatLongDate(ISO, 'Asia/Tokyo')).toBe('March 15, 2026');
  });

  it('shows a text that is not a date as it is', () => {
    expect(formatDate('soon', RECORD_ZONE)).toBe('soon');
    expect(formatDateTime('', RECORD_ZONE)).toBe('');
  });
});

describe('a calendar day in a zone', () => {
  it('is the day a wall clock there shows (a download’s file name)', () => {
    expect(isoDay(TS, 'America/New_York')).toBe('2026-03-14');
    expect(isoDay(TS, 'Asia/Tokyo')).toBe('2026-03-15');
    expect(isoDay(TS, 'Mars/Olympus')).toBe('2026-03-14');
    expect(isoDay(Date.UTC(1999, 0, 5) / 1000, 'UTC')).toBe('1999-01-05');
  });

  it('reads a wall clock on a 24-hour dial', () => {
    expect(wallClock(TS, 'America/New_York')).toEqual({ year: 2026, month: 3, day: 14, hour: 19, minute: 0, second: 0 });
    expect(wallClock(Date.UTC(2026, 0, 1) / 1000, 'UTC')).toEqual({ year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
  });
});
