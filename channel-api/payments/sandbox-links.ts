import { RETURN_PATHS } from '../../contract/billing.ts';
import type { Signing } from '../signing.ts';

/* The sandbox's customer portal and its "add a card" page are reached by a short-lived signed link
   (Stripe's portal and setup sessions are too), signed with the server's own key for sandbox links
   (signing.ts), never the channel key, which is public (ADR 029). The token names what it opens,
   whose it is (fan and channel), the page it returns to and until when. No table, nothing to clean
   up. A link made for one page does not open the other, and a return address is a path of the
   web app's allow-list (contract RETURN_PATHS), so the pages never send the fan to another site. */

export type LinkPurpose = keyof typeof RETURN_PATHS;

/** Long enough to look at the portal, cancel a renewal and change one's mind (Stripe: an hour). */
export const LINK_TTL_MS = 60 * 60_000;

export interface LinkClaims {
  purpose: LinkPurpose;
  channelId: number;
  customerId: number;
  /** A path of the web app (on whatever origin the fan uses). */
  returnPath: string;
  expiresAt: number;
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** A link's token: signed for sandbox links, its claims in short names (it travels in a URL). */
export function linkToken(signing: Signing, link: Omit<LinkClaims, 'expiresAt'>, now: Date): string {
  if (!RETURN_PATHS[link.purpose].test(link.returnPath)) throw new Error(`not a return path of a ${link.purpose} link: ${link.returnPath}`);
  return signing.token('sandbox-link', {
    p: link.purpose,
    c: link.channelId,
    u: link.customerId,
    r: link.returnPath,
    e: now.getTime() + LINK_TTL_MS,
  });
}

/** The claims of a token we signed for this page, not expired, whose return path is still on the
 *  allow-list; null for anything else (forged, altered, another page's, expired). */
export function linkClaims(signing: Signing, token: string, purpose: LinkPurpose, now: Date): LinkClaims | null {
  const claims = signing.claims('sandbox-link', token);
  if (!claims || claims.p !== purpose) return null;
  const { c, u, r, e } = claims;
  if (!isId(c) || !isId(u) || typeof r !== 'string' || !RETURN_PATHS[purpose].test(r) || typeof e !== 'number') return null;
  if (!(e > now.getTime())) return null;
  return { purpose, channelId: c, customerId: u, returnPath: r, expiresAt: e };
}

/**
 * Where the sandbox may send the fan back: the path (and query) of a return address, on the
 * origin the fan is on. Our own addresses are paths already; one kept from before (absolute,
 * PUBLIC_URL) gives its path; anything a browser could read as another site ('//host', '/\host')
 * gives the home page. So a sandbox page never redirects or links off-site, whatever it was given.
 */
export function ownPath(address: string): string {
  let url: URL;
  try {
    url = new URL(address, 'http://sandbox.invalid');
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}`;
  return /^\/(?![/\\])/.test(path) ? path : '/';
}
