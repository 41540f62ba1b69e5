/* The web app's dates. An event's date is shown in the event's own time zone (en-US); a record's
 * date (an order, a transaction, a clip) in UTC, so the server's HTML and the browser's render
 * agree; filter dates are calendar days turned into epoch seconds (spec section 9: 'date helper'). */

import { safeZone } from '#contract/event-date';

const DAY_SECONDS = 86_400;

export { formatEventDate } from '#contract/event-date';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A record's day, 'Mar 14, 2026' (UTC); the ISO string itself when it is not a date. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateFormat.format(time);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A record's day and time, 'Mar 14, 2026, 3:00 PM UTC'. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${dateTimeFormat.format(time)} UTC`;
}

/** Machine-readable form for `<time dateTime>`. */
export function isoFromEpoch(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 'YYYY-MM-DD', or null. */
export function parseDateInput(value: string | null | undefined): string | null {
  const m = DATE.exec((value ?? '').trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  if (y < 1970 || y > 9999) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** Offset of a zone from UTC at an instant, in seconds (e.g. -14400 for EDT). */
function zoneOffsetSeconds(epochSeconds: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(epochSeconds * 1000));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000;
  return asUtc - epochSeconds;
}

/** Epoch seconds of 00:00:00 of a calendar day in a zone (UTC by default). */
export function startOfDayEpoch(date: string, timeZone: string = 'UTC'): number | null {
  const day = parseDateInput(date);
  if (!day) return null;
  const zone = safeZone(timeZone);
  const [y, m, d] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d) / 1000;
  // Two passes settle days on which the zone's offset changes.
  let guess = utcMidnight - zoneOffsetSeconds(utcMidnight, zone);
  guess = utcMidnight - zoneOffsetSeconds(guess, zone);
  return guess;
}

/** Epoch seconds of the last second (23:59:59) of a calendar day; the range is inclusive. */
export function endOfDayEpoch(date: string, timeZone: string = 'UTC'): number | null {
  const day = parseDateInput(date);
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d) + DAY_SECONDS * 1000).toISOString().slice(0, 10);
  const start = startOfDayEpoch(next, timeZone);
  return start === null ? null : start - 1;
}
