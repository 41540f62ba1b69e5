/* The data saver (issue: low-data mode): lighter pages for a visitor on a slow or metered
   connection — the smallest video rendition first, no autoplay, no rail auto-scroll, no slide
   artwork. On when the browser sends `Save-Data: on`, or when the visitor turned it on with the
   footer's switch (a cookie, kept without an account); the switch also turns it off for a browser
   that sends Save-Data. Cached pages vary on it (server/remix-handler.ts, server/microcache.ts). */

export const DATA_SAVER_COOKIE = '__datasaver';
const SWITCH = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`);

/** The switch's value in a Cookie header: 'on', 'off', or null when the visitor never used it. */
export function dataSaverSwitch(cookieHeader: string | null | undefined): 'on' | 'off' | null {
  const match = SWITCH.exec(cookieHeader ?? '');
  return match ? (match[1] as 'on' | 'off') : null;
}

/** Whether the data saver is on for a request with these headers. */
export function dataSaverOn(headers: { saveData: string | null | undefined; cookie: string | null | undefined }): boolean {
  const chosen = dataSaverSwitch(headers.cookie);
  if (chosen) return chosen === 'on';
  return headers.saveData?.trim().toLowerCase() === 'on';
}

/** The page variant a request gets (part of the microcache's key). */
export function pageVariant(headers: Record<string, string | string[] | undefined>): 'lite' | 'full' {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('; ') : value);
  return dataSaverOn({ saveData: one(headers['save-data']), cookie: one(headers.cookie) }) ? 'lite' : 'full';
}

/** The switch's cookie: a year, first-party, not readable by scripts. */
export function dataSaverCookie(mode: 'on' | 'off', https: boolean): string {
  return `${DATA_SAVER_COOKIE}=${mode}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`;
}
