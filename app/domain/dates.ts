/* The web app's calendar-day rules: filter dates are calendar days turned into epoch seconds
 * (spec section 9: 'date helper'), in a zone. Dates and times as fans read them are written by
 * contract/dates.ts (an event's in its own zone, a record's in RECORD_ZONE), for both sides. */

import { isoDay, safeZone, wallClock } from '#contract/dates';

const DAY_SECONDS = 86_400;

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
  const at = wallClock(epochSeconds, timeZone);
  const asUtc = Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second) / 1000;
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
  const next = isoDay(Date.UTC(y, m - 1, d) / 1000 + DAY_SECONDS, 'UTC');
  const start = startOfDayEpoch(next, timeZone);
  return start === null ? null : start - 1;
}
