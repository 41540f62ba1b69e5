import { trkOf } from '#contract/tracking';

/* Navigation rules of spec section 2, as pure functions the root loader and the auth routes use. */

/** Pages of the sign-in flows: never remembered as "the page to return to". */
export const AUTH_PAGES = [
  '/login',
  '/registration',
  '/verify-notice',
  '/verify-email',
  '/password-reset-request',
  '/password-reset',
  '/confirm-account-deletion',
  '/logout',
];
/** Pages a signed-in user has no business on: they are sent home. */
const SIGNED_OUT_PAGES = ['/login', '/registration', '/password-reset-request', '/password-reset'];
/** Paths that are not pages a fan would want to come back to. */
const NOT_PAGES = ['/404', '/auth/', '/media/', '/healthz', '/build/'];

/** Whether `pathname` is one of `paths`: a path ending in '/' names every path under it. */
export const pathIn = (pathname: string, paths: readonly string[]) =>
  paths.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p || pathname === `${p}/`));

export const isAuthPage = (pathname: string) => pathIn(pathname, AUTH_PAGES) || pathname.startsWith('/auth/');
export const isSignedOutPage = (pathname: string) => pathIn(pathname, SIGNED_OUT_PAGES);

/** Spec constant: the outer tracking code lives 3 hours. */
export const TRK_TTL_MS = 3 * 3_600_000;

/** The outer tracking code (spec section 2: `?trk=`), kept in a cookie of its own. */
export interface Tracking {
  trk: string;
  /** Epoch ms. */
  trkExpiresAt: number;
}

/** The page as it should be remembered: path and query, without Remix's own parameters. */
export function pageOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('_data');
  params.delete('index');
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * The link to log in or register from the page at `url`. It carries the page to come back to
 * (spec section 2: the last page is remembered, except auth pages) in the link itself, not in a
 * cookie, so a public page is the same for every visitor. From an auth page the link carries
 * that page's own `redirectTo` on (the login action checks it is on this site).
 */
export function signInHref(to: '/login' | '/registration', url: URL): string {
  const back = isAuthPage(url.pathname) ? url.searchParams.get('redirectTo') : pathIn(url.pathname, NOT_PAGES) ? null : pageOf(url);
  return back && back !== '/' ? `${to}?${new URLSearchParams({ redirectTo: back })}` : to;
}

/** The tracking code `url` brings, if it brings a plain one. */
export function trackingFrom(url: URL, now: number): Tracking | null {
  const trk = trkOf(url);
  return trk ? { trk, trkExpiresAt: now + TRK_TTL_MS } : null;
}

/** The tracking code still in force, if any. */
export const trackingCode = (tracking: Partial<Tracking>, now: number) => (tracking.trk && (tracking.trkExpiresAt ?? 0) > now ? tracking.trk : null);

/** Where a GET of `pathname` must go instead, for this user; null to stay. */
export function guard(pathname: string, user: { temporary_password: boolean } | null): string | null {
  if (!user) return null;
  if (user.temporary_password) return pathname === '/profile/edit' ? null : '/profile/edit';
  if (isSignedOutPage(pathname)) return '/';
  return null;
}
