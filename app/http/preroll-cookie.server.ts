import { PREROLL_DISMISS_SECONDS, stillDismissed } from '#contract/prerolls';
import { appCookie } from '~/http/cookies.server';
import { dismissalsOf, PREROLL_COOKIE_BASE } from '~/http/preroll-cookie';

/* The visitor's dismissal cookie (http/preroll-cookie.ts): encrypted like every cookie of ours,
   an hour long (PREROLL_DISMISS_SECONDS). */
const cookie = appCookie(PREROLL_COOKIE_BASE, { maxAge: PREROLL_DISMISS_SECONDS });

export async function readDismissals(request: Request): Promise<Record<number, number>> {
  return dismissalsOf(await cookie.parse(request.headers.get('Cookie')));
}

/** The Set-Cookie that adds this dismissal (at `now`, epoch seconds) and drops those expired. */
export async function dismissalCookie(request: Request, prerollId: number, now: number): Promise<string> {
  const kept = Object.entries(await readDismissals(request)).filter(([, at]) => stillDismissed(at, now));
  return cookie.serialize({ ...Object.fromEntries(kept), [prerollId]: now });
}
