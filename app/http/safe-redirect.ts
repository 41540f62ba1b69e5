/* Every redirect target the app takes from a visitor (redirectTo, the remembered last page, a
   social sign-in's way back) goes through here. A target is accepted only when, parsed against
   our own origin, it stays on it and means exactly what it says:
   - a path: one '/', not '//' or '/\' (those name another host);
   - printable ASCII only: no tab, CR, LF or other control character (browsers drop a tab or
     newline, so '/\t/evil.example' becomes '//evil.example'), no backslash (read as '/'), no
     space, nothing outside Latin-1 (not a valid Location header);
   - unchanged by the URL parser: no '..' or '%2e%2e' segment that resolves elsewhere.
   Anything else falls back (the caller's page instead). */

const OWN_ORIGIN = 'http://fieldhouse.invalid';
const MAX_LENGTH = 2000;
const PLAIN_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

/** `target` when it is a safe on-site path, else null. */
export function redirectTarget(target: unknown): string | null {
  if (typeof target !== 'string' || target.length > MAX_LENGTH || !PLAIN_PATH.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}` === target ? target : null;
}

/** `target` when it is a safe on-site path, else `fallback`. */
export function safeRedirect(target: unknown, fallback = '/'): string {
  return redirectTarget(target) ?? fallback;
}
