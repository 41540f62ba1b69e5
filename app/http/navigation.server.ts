import { TRK_PATTERN } from '#contract/analytics';
import { trackingCode, trackingFrom, type Tracking } from '~/domain/navigation';
import { appCookie } from '~/http/cookies.server';
import { safeRedirect } from '~/http/safe-redirect';

/* Spec section 2's navigation memory. The page to come back to after signing in travels in the
   Log in and Register links (domain/navigation signInHref), so no public page writes a cookie.
   The outer tracking code (`?trk=`) is the one thing kept: in a cookie of its own, written only
   by a page whose address brings one (a campaign link), for 3 hours. */

const trackingCookie = appCookie('nav', { maxAge: 3 * 60 * 60 });

/** The Set-Cookie for a tracking code this page's address brings, or null. */
export async function rememberTracking(request: Request, now = Date.now()): Promise<string | null> {
  const tracking = trackingFrom(new URL(request.url), now);
  return tracking ? trackingCookie.serialize(tracking) : null;
}

/** The tracking code still in force for this visitor (their cookie's), or null: what a checkout
 *  passes on to the orders it makes (ADR 049). */
export async function trackingOf(request: Request, now = Date.now()): Promise<string | null> {
  const kept = (await trackingCookie.parse(request.headers.get('Cookie'))) as Partial<Tracking> | null;
  const code = kept && typeof kept === 'object' ? trackingCode(kept, now) : null;
  return typeof code === 'string' && TRK_PATTERN.test(code) ? code : null;
}

/** Where a fan goes after signing in: a safe `redirectTo` (the page the link came from), else home. */
export function returnTo(redirectTo?: FormDataEntryValue | string | null): string {
  return typeof redirectTo === 'string' && redirectTo ? safeRedirect(redirectTo, '/') : '/';
}
