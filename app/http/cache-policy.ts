/* Who may keep a copy of a response (issue: shareable pages). A page an anonymous visitor gets
   is the same for every anonymous visitor — no cookie set, nothing read about the viewer — so a
   CDN or the server's microcache may share it for the content TTL; everything else is private
   and never stored. Pure: server/remix-handler.ts applies it to every Remix response. */

export interface ResponseFacts {
  method: string;
  status: number;
  /** The request carried the session cookie (a signed-in fan, or a visitor mid-way through a form). */
  hasSession: boolean;
  /** The response sets a cookie. */
  setsCookie: boolean;
  /** A loader asked the channel about this viewer (access, region). */
  perViewer: boolean;
  /** The route's own Cache-Control, if it set one. */
  own: string | null;
}

export const PRIVATE = 'private, no-store';

/** The Cache-Control a response should carry. `ttlSeconds`: how long shared content stays fresh. */
export function cacheControl(facts: ResponseFacts, ttlSeconds: number): string {
  const shareable =
    (facts.method === 'GET' || facts.method === 'HEAD') &&
    (facts.status === 200 || facts.status === 404) &&
    !facts.hasSession &&
    !facts.setsCookie &&
    !facts.perViewer;
  if (!shareable) return facts.own && /no-store/.test(facts.own) ? facts.own : PRIVATE;
  if (facts.own) return facts.own;
  // Browsers revalidate every time (max-age=0); shared caches keep it for the content TTL and may
  // serve it a while longer while they fetch a fresh one.
  return `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${Math.max(60, ttlSeconds * 6)}`;
}

/** Whether the request carries the session cookie (`__session`, or `__Host-session` over HTTPS). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return /(?:^|;\s*)(?:__Host-|__)session=/.test(cookieHeader ?? '');
}
