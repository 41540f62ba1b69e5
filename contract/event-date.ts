/* An event's date and time as fans read it, in the event's own time zone: one wording for the web
 * app's pages (app/domain/dates.ts) and the channel API's mails (channel-api/mail/). */

/* Building an Intl.DateTimeFormat costs far more than formatting with one (it loads locale and
   zone data): a home page formats dozens of dates per render, so formatters are kept per zone. */
const MAX_ZONES = 100;
const eventDateFormats = new Map<string, Intl.DateTimeFormat>();
const zoneChecks = new Map<string, boolean>();

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
    if (zoneChecks.size < MAX_ZONES) zoneChecks.set(timeZone, valid);
  }
  return valid ? timeZone : 'UTC';
}

function eventDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = eventDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    if (eventDateFormats.size < MAX_ZONES) eventDateFormats.set(timeZone, format);
  }
  return format;
}

/** 'Sat, Mar 14, 2026, 7:00 PM EDT' in the event's time zone (UTC when it is unknown). */
export function formatEventDate(epochSeconds: number, timeZone?: string | null): string {
  return eventDateFormat(safeZone(timeZone)).format(new Date(epochSeconds * 1000));
}
