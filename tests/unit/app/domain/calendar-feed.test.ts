import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import type { CalendarGame } from '#contract';
import { calendarText, feedAddresses, tokenOfFeedFile } from '~/domain/calendar-feed';

/* The calendar feed's text (ADR 035), read back by a real parser (node-ical) as a calendar app
   would: UTC times, one stable UID per game, the watch page, SEQUENCE and DTSTAMP as given, and
   names with commas, semicolons and line breaks kept whole. */

const game = (over: Partial<CalendarGame> = {}): CalendarGame => ({
  id: 7,
  uid: 'event-7@fans.example.test',
  name: 'Lakeview @ Ridgemont',
  starts_at: '2026-12-05T23:30:00.000Z',
  ends_at: '2026-12-06T01:30:00.000Z',
  location: 'Ridgemont Gym, 12 Elm St, Ridgemont',
  url: 'https://fans.example.test/watch/7',
  sequence: 0,
  changed_at: '2026-11-27T10:00:00.000Z',
  ...over,
});

const parse = (text: string) => ical.sync.parseICS(text);
const eventsOf = (text: string) => Object.values(parse(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const plain = (value: unknown) => (typeof value === 'object' && value !== null && 'val' in value ? (value as { val: string }).val : value);

describe('calendarText', () => {
  it('writes each game once with UTC times, its UID, watch page, SEQUENCE and DTSTAMP', () => {
    const text = calendarText('Demo Sports', [
      game(),
      game({ id: 8, uid: 'event-8@fans.example.test', sequence: 3, url: 'https://fans.example.test/watch/8' }),
    ]);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('DTSTART:20261205T233000Z\r\n');
    expect(text).toContain('X-WR-CALNAME:Demo Sports — my games\r\n');
    expect(text).toContain('X-PUBLISHED-TTL:PT1H\r\n');
    const [first, second] = eventsOf(text);
    expect(first.uid).toBe('event-7@fans.example.test');
    expect(first.start.toISOString()).toBe('2026-12-05T23:30:00.000Z');
    expect(first.end!.toISOString()).toBe('2026-12-06T01:30:00.000Z');
    expect(first.start.tz).toBe('Etc/UTC');
    expect(plain(first.url)).toBe('https://fans.example.test/watch/7');
    expect(plain(first.description)).toBe('Watch on Demo Sports: https://fans.example.test/watch/7');
    expect(plain(first.location)).toBe('Ridgemont Gym, 12 Elm St, Ridgemont');
    expect(first.dtstamp.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(Number(first.sequence)).toBe(0);
    expect(second.uid).toBe('event-8@fans.example.test');
    expect(Number(second.sequence)).toBe(3);
  });

  it('keeps commas, semicolons, backslashes and line breaks of names and places whole', () => {
    const name = 'Boys; Varsity, Final\nGame 2 \\ replay';
    const [event] = eventsOf(calendarText('A, B; C', [game({ name, location: 'Gym; Hall, 1 Main St' })]));
    expect(plain(event.summary)).toBe(name);
    expect(plain(event.location)).toBe('Gym; Hall, 1 Main St');
  });

  it('leaves LOCATION out for a game with no venue, and writes an empty calendar for no games', () => {
    expect(eventsOf(calendarText('Demo', [game({ location: null })]))[0].location).toBeUndefined();
    const empty = calendarText('Demo', []);
    expect(eventsOf(empty)).toEqual([]);
    expect(empty).toContain('END:VCALENDAR');
  });

  it('writes the same text for the same games (a fetch that changed nothing changes nothing)', () => {
    expect(calendarText('Demo', [game()])).toBe(calendarText('Demo', [game()]));
  });
});

describe('feed addresses', () => {
  it('gives the web and webcal addresses of a token, and reads a token back from its file name only', () => {
    expect(feedAddresses('https://fans.example.test', 'abcdefghijklmnopqrstuv')).toEqual({
      web: 'https://fans.example.test/calendar/abcdefghijklmnopqrstuv.ics',
      webcal: 'webcal://fans.example.test/calendar/abcdefghijklmnopqrstuv.ics',
    });
    expect(tokenOfFeedFile('abcdefghijklmnopqrstuv.ics')).toBe('abcdefghijklmnopqrstuv');
    for (const file of ['abcdefghijklmnopqrstuv', 'abcdefghijklmnopqrstu.ics', 'abcdefghijklmnopqrstuv.ics.ics', '../x.ics', undefined]) {
      expect(tokenOfFeedFile(file)).toBeNull();
    }
  });
});
