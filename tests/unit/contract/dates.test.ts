import { describe, expect, it } from 'vitest';
import {
  channelZone,
  formatDate,
  formatDateTime,
  formatEventDate,
  formatLongDate,
  formatLongDateTime,
  formatNumericDay,
  formatWeekDay,
  isKnownZone,
  isoDay,
  safeZone,
  wallClock,
} from '#contract/dates';

/* The one home of dates as fans read them (contract/dates.ts): the web app's pages and the channel
   API's mails and pages write each with these, in the channel's zone (ADR 045). */

const CHANNEL = 'America/Chicago';

// 2026-03-14T23:00:00Z: Saturday evening in New York, already Sunday in Tokyo.
const TS = Date.UTC(2026, 2, 14, 23, 0, 0) / 1000;
const ISO = '2026-03-14T23:00:00.000Z';

describe('a game’s day and time', () => {
  it("is written in the zone it is given, with that zone's abbreviation", () => {
    expect(formatEventDate(TS, CHANNEL)).toBe('Sat, Mar 14, 2026 · 6:00 PM CDT');
    expect(formatEventDate(TS, 'America/New_York')).toBe('Sat, Mar 14, 2026 · 7:00 PM EDT');
    expect(formatEventDate(TS, 'America/Los_Angeles')).toBe('Sat, Mar 14, 2026 · 4:00 PM PDT');
  });

  it('names standard time in winter and daylight time in summer (the US change, 8 March 2026 at 2:00)', () => {
    expect(formatEventDate(Date.UTC(2025, 10, 29, 1, 0) / 1000, CHANNEL)).toBe('Fri, Nov 28, 2025 · 7:00 PM CST');
    // 07:59 UTC is 1:59 CST; a minute later the clocks read 3:00 CDT.
    expect(formatEventDate(Date.UTC(2026, 2, 8, 7, 59) / 1000, CHANNEL)).toBe('Sun, Mar 8, 2026 · 1:59 AM CST');
    expect(formatEventDate(Date.UTC(2026, 2, 8, 8, 0) / 1000, CHANNEL)).toBe('Sun, Mar 8, 2026 · 3:00 AM CDT');
    // Back in November: 1:30 is read twice, first CDT then CST.
    expect(formatEventDate(Date.UTC(2026, 10, 1, 6, 30) / 1000, CHANNEL)).toBe('Sun, Nov 1, 2026 · 1:30 AM CDT');
    expect(formatEventDate(Date.UTC(2026, 10, 1, 7, 30) / 1000, CHANNEL)).toBe('Sun, Nov 1, 2026 · 1:30 AM CST');
    expect(formatDateTime('2026-11-01T07:30:00Z', CHANNEL)).toBe('Nov 1, 2026, 1:30 AM CST');
  });

  it('falls back to UTC for a missing or unknown zone', () => {
    expect(formatEventDate(TS, 'Mars/Olympus')).toBe('Sat, Mar 14, 2026 · 11:00 PM UTC');
    expect(formatEventDate(TS, null)).toBe('Sat, Mar 14, 2026 · 11:00 PM UTC');
    expect(safeZone('Mars/Olympus')).toBe('UTC');
    expect(safeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

describe('the channel’s zone', () => {
  it('is its setting when Intl knows it, else UTC', () => {
    expect(channelZone({ time_zone: CHANNEL })).toBe(CHANNEL);
    expect(channelZone({ time_zone: 'Central' })).toBe('UTC');
    expect(channelZone({})).toBe('UTC');
    expect(channelZone(null)).toBe('UTC');
    expect(isKnownZone(CHANNEL)).toBe(true);
    expect(isKnownZone('UTC')).toBe(true);
    expect(isKnownZone('Central')).toBe(false);
  });
});

describe('a record’s date', () => {
  it("is written in the channel's zone, as on an order, a clip or a transaction", () => {
    expect(formatDate(ISO, CHANNEL)).toBe('Mar 14, 2026');
    expect(formatDateTime(ISO, CHANNEL)).toBe('Mar 14, 2026, 6:00 PM CDT');
    // The day a fan reads is the channel's: 03:00 UTC on the 15th is still the 14th in Chicago.
    expect(formatDate('2026-03-15T03:00:00Z', CHANNEL)).toBe('Mar 14, 2026');
  });

  it('as a mail and the sandbox portal write it', () => {
    expect(formatLongDate(new Date(ISO), CHANNEL)).toBe('March 14, 2026');
    expect(formatLongDateTime(ISO, CHANNEL)).toBe('March 14, 2026 at 6:00 PM CDT');
    expect(formatLongDateTime('2026-01-10T18:00:00Z', CHANNEL)).toBe('January 10, 2026 at 12:00 PM CST');
  });

  it('is written in another zone when given one, naming that zone', () => {
    expect(formatDate(ISO, 'Asia/Tokyo')).toBe('Mar 15, 2026');
    expect(formatDateTime(ISO, 'America/New_York')).toBe('Mar 14, 2026, 7:00 PM EDT');
    expect(formatLongDateTime(ISO, 'America/New_York')).toBe('March 14, 2026 at 7:00 PM EDT');
    expect(formatLongDate(ISO, 'Asia/Tokyo')).toBe('March 15, 2026');
  });

  it('as the operator’s report writes a day: in a table of days, and under a chart’s column', () => {
    expect(formatWeekDay(ISO, CHANNEL)).toBe('Sat, Mar 14');
    expect(formatNumericDay(ISO, CHANNEL)).toBe('3/14');
    expect(formatWeekDay(ISO, 'Asia/Tokyo')).toBe('Sun, Mar 15');
  });

  it('shows a text that is not a date as it is', () => {
    expect(formatDate('soon', CHANNEL)).toBe('soon');
    expect(formatDateTime('', CHANNEL)).toBe('');
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

describe('dates in French (issue 36)', () => {
  const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
  it("writes fr-FR's formats in the channel's zone", () => {
    const at = Date.UTC(2026, 2, 15, 0, 0) / 1000;
    expect(nbsp(formatEventDate(at, 'America/Chicago', 'fr'))).toBe('sam. 14 mars 2026 · 19:00 UTC−5');
    expect(nbsp(formatEventDate(at + 14 * 3600, 'UTC', 'fr'))).toBe('dim. 15 mars 2026 · 14:00 UTC');
    expect(formatDate('2026-03-15T00:00:00Z', 'America/Chicago', 'fr')).toBe('14 mars 2026');
    expect(formatLongDateTime('2026-03-15T00:00:00Z', 'America/Chicago', 'fr')).toBe('14 mars 2026 à 19:00 UTC−5');
    expect(formatWeekDay('2026-03-15T00:00:00Z', 'America/Chicago', 'fr')).toBe('sam. 14 mars');
    expect(formatNumericDay('2026-03-15T00:00:00Z', 'America/Chicago', 'fr')).toBe('14/03');
    expect(formatEventDate(at, 'America/Chicago')).toBe('Sat, Mar 14, 2026 · 7:00 PM CDT');
  });
});
