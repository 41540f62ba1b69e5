/* Dates and times as fans read them (en-US), one wording for the web app's pages and the channel
 * API's mails and pages. Every formatter takes the time zone it writes in: an event's date is
 * written in the event's own zone; a record's (an order, a clip, a renewal, a receipt) in
 * RECORD_ZONE. A zone Intl does not know is UTC. The web app's calendar-day rules (filter days →
 * epoch seconds) are app/domain/dates.ts; a length of time, contract/durations.ts. */

/** The zone a record's date is written in: UTC, so the server's HTML and the browser's render
 *  agree. (The channel's own zone comes next, passed where a fan reads a time.) */
export const RECORD_ZONE = 'UTC';

/* Building an Intl.DateTimeFormat costs far more than formatting with one (it loads locale and
   zone data): a home page formats dozens of dates per render, so formatters are kept per format
   and zone, up to MAX_FORMATTERS (beyond that, made for the call). */
const MAX_FORMATTERS = 500;
const formatters = new Map<string, Intl.DateTimeFormat>();
const zoneChecks = new Map<string, boolean>();

const FORMATS = {
  /** 'Sat, Mar 14, 2026, 7:00 PM EDT' */
  event: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** 'Mar 14, 2026' */
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 'Mar 14, 2026, 3:00 PM' */
  dayTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 'March 14, 2026' */
  longDay: { dateStyle: 'long' },
  /** 'March 14, 2026 at 3:00 PM' */
  longDayTime: { dateStyle: 'long', timeStyle: 'short' },
  /** The zone's abbreviation ('UTC', 'EDT'), read from its parts. */
  zoneName: { timeZoneName: 'short' },
  /** A wall clock's numbers, read from its parts. */
  wallClock: { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Format = keyof typeof FORMATS;

/** The zone if Intl knows it, else UTC. */
export function safeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  let valid = zoneChecks.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    if (zoneChecks.size < MAX_FORMATTERS) zoneChecks.set(timeZone, valid);
  }
  return valid ? timeZone : 'UTC';
}

function formatter(format: Format, timeZone: string | null | undefined): Intl.DateTimeFormat {
  const zone = safeZone(timeZone);
  const key = `${format} ${zone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...FORMATS[format], timeZone: zone });
    if (formatters.size < MAX_FORMATTERS) formatters.set(key, found);
  }
  return found;
}

/** A record's instant: a Date, or the wire's ISO string. */
type Instant = Date | string;

/** The written date, or — for a text that is not a date — the text as it is. */
function written(at: Instant, write: (time: number) => string): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Number.isNaN(time) ? String(at) : write(time);
}

const zoneName = (time: number, timeZone: string | null | undefined) =>
  formatter('zoneName', timeZone)
    .formatToParts(time)
    .find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';

/** An event's date and time: 'Sat, Mar 14, 2026, 7:00 PM EDT' in the event's zone. */
export function formatEventDate(epochSeconds: number, timeZone: string | null | undefined): string {
  return formatter('event', timeZone).format(epochSeconds * 1000);
}

/** A record's day: 'Mar 14, 2026'. */
export function formatDate(at: Instant, timeZone: string | null | undefined): string {
  return written(at, (time) => formatter('day', timeZone).format(time));
}

/** A record's day and time: 'Mar 14, 2026, 3:00 PM UTC'. */
export function formatDateTime(at: Instant, timeZone: string | null | undefined): string {
  return written(at, (time) => `${formatter('dayTime', timeZone).format(time)} ${zoneName(time, timeZone)}`);
}

/** A day in a sentence or a mail: 'March 14, 2026'. */
export function formatLongDate(at: Instant, timeZone: string | null | undefined): string {
  return written(at, (time) => formatter('longDay', timeZone).format(time));
}

/** A day and time in a mail: 'March 14, 2026 at 3:00 PM UTC'. */
export function formatLongDateTime(at: Instant, timeZone: string | null | undefined): string {
  return written(at, (time) => `${formatter('longDayTime', timeZone).format(time)} ${zoneName(time, timeZone)}`);
}

/** What a wall clock in the zone shows at an instant (epoch seconds). */
export function wallClock(epochSeconds: number, timeZone: string | null | undefined) {
  const parts = formatter('wallClock', timeZone).formatToParts(epochSeconds * 1000);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The calendar day of an instant (epoch seconds) in the zone: '2026-03-14'. */
export function isoDay(epochSeconds: number, timeZone: string | null | undefined): string {
  const { year, month, day } = wallClock(epochSeconds, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
