/* Navigation rules of spec section 2, as pure functions the root loader and the auth routes use. */

/** Pages of the sign-in flows: never remembered as "the page to return to". */
const AUTH_PAGES = [
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

const matches = (pathname: string, paths: string[]) => paths.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p || pathname === `${p}/`));

export const isAuthPage = (pathname: string) => matches(pathname, AUTH_PAGES) || pathname.startsWith('/auth/');
export const isSignedOutPage = (pathname: string) => matches(pathname, SIGNED_OUT_PAGES);

/** Spec constant: the outer tracking code lives 3 hours. */
export const TRK_TTL_MS = 3 * 3_600_000;

export interface NavMemory {
  /** Path and query of the last page, and of the one before it. */
  last?: string;
  previous?: string;
  trk?: string;
  /** Epoch ms. */
  trkExpiresAt?: number;
}

/** The page as it should be remembered: path and query, without Remix's own parameters. */
export function pageOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('_data');
  params.delete('index');
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** The memory after visiting `url` at `now`: last/previous page (not auth pages) and trk. */
export function remember(memory: NavMemory, url: URL, now: number): NavMemory {
  const next: NavMemory = { ...memory };
  const page = pageOf(url);
  if (!isAuthPage(url.pathname) && !matches(url.pathname, NOT_PAGES) && page !== memory.last) {
    next.previous = memory.last;
    next.last = page;
  }
  const trk = url.searchParams.get('trk');
  if (trk && /^[\w.:-]{1,100}$/.test(trk)) {
    next.trk = trk;
    next.trkExpiresAt = now + TRK_TTL_MS;
  } else if (next.trkExpiresAt !== undefined && next.trkExpiresAt <= now) {
    delete next.trk;
    delete next.trkExpiresAt;
  }
  return next;
}

/** The tracking code still in force, if any. */
export const trackingCode = (memory: NavMemory, now: number) => (memory.trk && (memory.trkExpiresAt ?? 0) > now ? memory.trk : null);

/** Where a GET of `pathname` must go instead, for this user; null to stay. */
export function guard(pathname: string, user: { temporary_password: boolean } | null): string | null {
  if (!user) return null;
  if (user.temporary_password) return pathname === '/profile/edit' ? null : '/profile/edit';
  if (isSignedOutPage(pathname)) return '/';
  return null;
}
