import { z } from 'zod';
import { apiGet, endpoint, envelope, line, noParams } from './http.ts';

/* A fan's private calendar feed (issue 24, ADR 035, 046): an address with a secret token that calendar
   apps fetch with no cookie. The signed-in fan makes, resets or stops it; the web app asks for a
   token's games (with its own api key, no fan) and writes the iCalendar text itself. */

export const CALENDAR_MSG = {
  /** A token that is not (or no longer) a feed's: reset, stopped, or never made. */
  notFound: 'There is no calendar feed at this address. It may have been reset or stopped.',
} as const;

/** The feed's games: from this many days ago on, at most this many (the soonest first). */
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_MAX_GAMES = 500;

/** A feed's token as its address carries it: 128 random bits, base64url (22 characters). */
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** Whether the fan has a feed, since when (null: none), and its token, answered to its signed-in
 *  owner only (kept sealed with the server's key, ADR 046). A feed made before tokens were kept
 *  has none (null) until it is reset. */
export const calendarFeedState = z.object({ created_at: z.string().nullable(), token: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof calendarFeedState>;

/** GET /calendar-feed: the signed-in fan's feed, if they have one, with its token. */
export const calendarFeed = apiGet('calendarFeed', '/calendar-feed', calendarFeedState);

/** POST /calendar-feed: a new token for the fan's feed (the old address, if any, stops at once). */
export const makeCalendarFeed = endpoint({
  name: 'makeCalendarFeed',
  method: 'POST',
  path: '/calendar-feed',
  auth: 'apiKey',
  params: noParams,
  response: envelope(z.object({ token: z.string(), created_at: z.string() })),
});

/** DELETE /calendar-feed: stops the fan's feed (its address answers 404 from then on). */
export const deleteCalendarFeed = endpoint({
  name: 'deleteCalendarFeed',
  method: 'DELETE',
  path: '/calendar-feed',
  auth: 'apiKey',
  params: noParams,
  response: envelope(calendarFeedState),
});

/** One game as a feed tells it. Times are UTC; `changed_at` and `sequence` move only when what
 *  the feed says of the game changes (its DTSTAMP and SEQUENCE). */
export const calendarGame = z.object({
  id: z.number().int(),
  /** Stable per game: `event-<id>@<the web app's host>`. */
  uid: z.string(),
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The venue's name, address and city, as far as known. */
  location: z.string().nullable(),
  /** The game's watch page. */
  url: z.string(),
  sequence: z.number().int().nonnegative(),
  changed_at: z.string(),
});
export type CalendarGame = z.infer<typeof calendarGame>;

/** GET /calendar-feed/{token}: the games of the feed with this token (the caller's api key is the
 *  web app's; the token is the proof). A token of no feed is a 404 (`not_found`). */
export const calendarFeedGames = apiGet(
  'calendarFeedGames',
  '/calendar-feed/:token',
  z.object({ channel_name: z.string(), games: z.array(calendarGame) }),
  z.object({ token: line(100) }).strict(),
);
