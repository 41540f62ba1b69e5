import ical, { ICalCalendarMethod } from 'ical-generator';
import type { CalendarGame } from '#contract';

/* A fan's calendar feed as calendar apps read it (issue 24, ADR 035): the iCalendar text of their
   games (from the channel's GET /calendar-feed/{token}), and the addresses a fan subscribes to.
   Server-only in use (ical-generator), pure: the same games make the same text. */

/** What calendar apps are told about how often to look again: a hint, most apps pick their own. */
const FEED_REFRESH_SECONDS = 60 * 60;

/** The feed's address for a token, on the site's origin: its path, and the https (or http, in
 *  development) and webcal:// addresses a fan subscribes to. */
const feedPath = (token: string) => `/calendar/${token}.ics`;

export function feedAddresses(origin: string, token: string): { web: string; webcal: string } {
  const web = `${origin}${feedPath(token)}`;
  return { web, webcal: web.replace(/^https?:/, 'webcal:') };
}

/** The token of a feed's file name (`<token>.ics`), or null for anything else. */
export function tokenOfFeedFile(file: string | undefined): string | null {
  const m = /^([A-Za-z0-9_-]{22})\.ics$/.exec(file ?? '');
  return m ? m[1] : null;
}

const calendarName = (channelName: string) => `${channelName} — my games`;

/** The iCalendar text of a feed: one VEVENT per game, in UTC, with its watch page. */
export function calendarText(channelName: string, games: readonly CalendarGame[]): string {
  const calendar = ical({
    prodId: { company: 'Fieldhouse', product: 'Calendar feed', language: 'EN' },
    name: calendarName(channelName),
    description: `The games you follow on ${channelName}.`,
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const game of games) {
    calendar.createEvent({
      id: game.uid,
      start: new Date(game.starts_at),
      end: new Date(game.ends_at),
      summary: game.name,
      location: game.location,
      description: `Watch on ${channelName}: ${game.url}`,
      url: game.url,
      stamp: new Date(game.changed_at),
      sequence: game.sequence,
    });
  }
  return calendar.toString();
}
