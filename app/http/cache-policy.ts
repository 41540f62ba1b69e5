/* Who may keep a copy of a response (issue: shareable pages). A page an anonymous visitor gets
   is the same for every anonymous visitor — no cookie set, nothing read about the viewer — so a
   CDN or the server's microcache may share it for the content TTL; everything else is private
   and never stored. A page that read the visitor's region (a geo-blocked event) is the same for
   every anonymous visitor of that region: the server's microcache, which knows the region, shares
   it (keyed by the region); to a CDN it is private — unless the region came from the CDN's own
   country header (a proxy TRUST_PROXY names, REGION_HEADER: ADR 054), which then keys its copies
   (`Vary` on that header).
   Pure: server/remix-handler.ts applies it to every Remix response. */

export interface ResponseFacts {
  method: string;
  status: number;
  /** The request carried the session cookie (a signed-in fan, or a visitor mid-way through a form). */
  hasSession: boolean;
  /** The response sets a cookie. */
  setsCookie: boolean;
  /** A loader asked the channel about this viewer (their pass, their account). */
  perViewer: boolean;
  /** The region a loader read (the page differs between regions), or null. */
  region: string | null;
  /** The header a trusted proxy told this visitor's country in (then it decided the region), or
   *  null/left out: the region came from the address, which a CDN does not key by. */
  regionHeader?: string | null;
  /** The route's own Cache-Control, if it set one. */
  own: string | null;
}

export interface CachePolicy {
  /** The Cache-Control header. */
  cacheControl: string;
  /** Whether the server's microcache may share the page: with every anonymous visitor, with
   *  those of the page's region, or not at all. */
  share: 'everyone' | 'region' | 'none';
  /** A request header a shared cache must key its copies by (beside Cookie and Save-Data). */
  vary?: string;
}

export const PRIVATE = 'private, no-store';

/** What a response may be kept as. `ttlSeconds`: how long shared content stays fresh. */
export function cachePolicy(facts: ResponseFacts, ttlSeconds: number): CachePolicy {
  // A versioned file a route serves (its own 'public, …, immutable': the page's messages, ADR 055)
  // is the same for everyone, so a signed-in fan's browser keeps it too.
  const versionedFile = facts.own !== null && /\bpublic\b/.test(facts.own) && /\bimmutable\b/.test(facts.own);
  const anonymous =
    (facts.method === 'GET' || facts.method === 'HEAD') &&
    (facts.status === 200 || facts.status === 404) &&
    (!facts.hasSession || versionedFile) &&
    !facts.setsCookie &&
    !facts.perViewer &&
    !(facts.own && /no-store|private/.test(facts.own));
  if (!anonymous) return { cacheControl: facts.own && /no-store/.test(facts.own) ? facts.own : PRIVATE, share: 'none' };
  // Browsers revalidate every time (max-age=0); shared caches keep it for the content TTL and may
  // serve it a while longer while they fetch a fresh one.
  const shared = facts.own ?? `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${Math.max(60, ttlSeconds * 6)}`;
  if (facts.region !== null)
    return facts.regionHeader ? { cacheControl: shared, share: 'region', vary: facts.regionHeader } : { cacheControl: PRIVATE, share: 'region' };
  return { cacheControl: shared, share: 'everyone' };
}

/** Whether the request carries the session cookie (`__session`, or `__Host-session` over HTTPS). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return /(?:^|;\s*)(?:__Host-|__)session=/.test(cookieHeader ?? '');
}
