/* Dates and times as fans read them (en-US), one wording for the web app's pages and the channel
 * API's mails and pages. Every time a fan reads is written in the channel's time zone with its
 * abbreviation (issue 34, ADR 045): a game's start, an order's date, a receipt, a renewal, a clip.
 * The zone is the channel's setting (`settings.time_zone`, from its description: `channelZone`);
 * every formatter takes it, so the server's HTML and the browser's render write the same text. A
 * zone Intl does not know is UTC. The web app's calendar-day rules (filter days → epoch seconds)
 * are app/domain/dates.ts; a length of time, contract/durations.ts.
 * Every formatter takes the fan's locale last (issue 36, ADR 055): English (en-US) by default,
 * French in fr-FR's formats ('sam. 14 mars 2026 · 19:00 UTC−5'); the zone stays the channel's. */
import { intlLocale, type Locale } from './locale.ts';

/** The zone a channel's fans read times in: its setting when Intl knows it, else UTC. */
export function channelZone(settings: { time_zone?: string | null } | null | undefined): string {
  return safeZone(settings?.time_zone);
}

/** Whether Intl knows the zone (an IANA name such as 'America/Chicago', or 'UTC'). */
export function isKnownZone(timeZone: string): boolean {
  return safeZone(timeZone) === timeZone;
}

/* Building an Intl.DateTimeFormat costs far more than formatting with one (it loads locale and
   zone data): a home page formats dozens of dates per render, so formatters are kept per format
   and zone, up to MAX_FORMATTERS (beyond that, made for the call). */
const MAX_FORMATTERS = 500;
const formatters = new Map<string, Intl.DateTimeFormat>();
const zoneChecks = new Map<string, boolean>();

const FORMATS = {
  /** 'Sat, Mar 14, 2026' (a game's day) */
  eventDay: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  /** '7:00 PM' (a game's time, its zone added from zoneName) */
  time: { hour: 'numeric', minute: '2-digit' },
  /** 'Mar 14, 2026' */
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 'Mar 14, 2026, 3:00 PM' */
  dayTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 'March 14, 2026' */
  longDay: { dateStyle: 'long' },
  /** 'March 14, 2026 at 3:00 PM' */
  longDayTime: { dateStyle: 'long', timeStyle: 'short' },
  /** 'Sat, Mar 14' (a day in a table of days) */
  weekDay: { weekday: 'short', month: 'short', day: 'numeric' },
  /** '3/14' (a day under a chart's column) */
  numericDay: { month: 'numeric', day: 'numeric' },
  /** The zone's abbreviation ('UTC', 'EDT'), read from its parts. */
  zoneName: { timeZoneName: 'short' },
  /** A wall clock's numbers, read from its parts. */
  wallClock: { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Format = keyof typeof FORMATS;

/** Where a locale's usual format differs from FORMATS: French writes hours on two digits ('09:00'). */
const LOCAL_FORMATS: Partial<Record<Locale, Partial<Record<Format, Intl.DateTimeFormatOptions>>>> = {
  fr: { time: { hour: '2-digit', minute: '2-digit' } },
};

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

function formatter(format: Format, timeZone: string | null | undefined, locale: Locale = 'en'): Intl.DateTimeFormat {
  const zone = safeZone(timeZone);
  const key = `${format} ${zone} ${locale}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale(locale), { ...(LOCAL_FORMATS[locale]?.[format] ?? FORMATS[format]), timeZone: zone });
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

const zoneName = (time: number, timeZone: string | null | undefined, locale: Locale = 'en') =>
  formatter('zoneName', timeZone, locale)
    .formatToParts(time)
    .find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';

/** A game's day and time: 'Sat, Mar 14, 2026 · 7:00 PM CDT'. */
export function formatEventDate(epochSeconds: number, timeZone: string | null | undefined, locale: Locale = 'en'): string {
  const time = epochSeconds * 1000;
  return `${formatter('eventDay', timeZone, locale).format(time)} · ${formatter('time', timeZone, locale).format(time)} ${zoneName(time, timeZone, locale)}`;
}

/** A record's day: 'Mar 14, 2026'. */
export function formatDate(at: Instant, timeZone: string | null | undefined, locale: Locale = 'en'): string {
  return written(at, (time) => formatter('day', timeZone, locale).format(time));
}

/** A record's day and time: 'Mar 14, 2026, 3:00 PM CDT'. */
export function formatDateTime(at: Instant, timeZone: string | null | undefined, locale: Locale = 'en'): string {
  return written(at, (time) => `${formatter('dayTime', timeZone, locale).format(time)} ${zoneName(time, timeZone, locale)}`);
}

/** A day in a sentence or a mail: 'March 14, 2026'. */
export function formatLongDate(at: Instant, timeZone: string | null | undefined, locale: Locale = 'en'): string {
  return written(at, (time) => formatter('longDay', timeZone, locale).format(time));
}

/** A day and time in a mail: 'March 14, 2026 at 3:00 PM CDT'. */
export function formatLongDateTime(at: Instant, timeZone: string | null | undefined, locale: Locale = 'en'): string {
  return written(at, (time) => `${formatter('longDayTime', timeZone, locale).format(time)} ${zoneName(time, timeZone, locale)}`);
}

/** A day in a table of days, without its year: 'Sat, Mar 14' ('sam. 14 mars'). */
export function formatWeekDay(at: Instant, timeZone: string | null | undefined, locale: Locale = 'en'): string {
  return written(at, (time) => formatter('weekDay', timeZone, locale).format(time));
}

/** A day in the fewest characters, under a chart's column: '3/14' ('14/03'). */
export function formatNumericDay(at: Instant, timeZone: string | null | undefined, locale: Locale = 'en'): string {
  return written(at, (time) => formatter('numericDay', timeZone, locale).format(time));
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
