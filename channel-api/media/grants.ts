import { createHash } from 'node:crypto';
import { MEDIA_GRANT_COOKIE, type MediaGrant } from '../../contract/index.ts';
import type { Signing } from '../signing.ts';

/*
 * Media grants (ADR 026): a viewer's short-lived right to the files of one asset, signed with the
 * server's media key (signing.ts). The web app carries one as an HttpOnly cookie scoped to the
 * asset's path under /media/, so `<video src>` without JavaScript and hls.js both send it, and a
 * CDN holding the media key can check it at the edge: the signature, `x` (expiry, epoch seconds)
 * and `s` (the scope, which the request's path must start with, as /media/<s>/). The rest is ours:
 * `u` the fan, `k` a fingerprint of their session (so signing out ends it), `i` what it was
 * granted for ('e:<event id>' or 'v:<video id>', so the origin checks that the fan may still
 * watch it), `c` the country it was granted in (the origin refuses it from any other, ADR 054;
 * a CDN may compare it with its own country header).
 */

export interface GrantClaims {
  /** The asset's scope: 'vod/game-4', 'live/live-2'. */
  s: string;
  /** The fan. */
  u: number;
  /** Their session's fingerprint (sessionRef of the api key). */
  k: string;
  /** What it was granted for: 'e:12' (an event) or 'v:3' (a video). */
  i: string;
  /** The viewer's country when it was granted (ISO code). */
  c: string;
  /** Expiry, epoch seconds. */
  x: number;
}

/** A session's fingerprint: not the api key, which must never leave the server. */
export const sessionRef = (apiKey: string): string => createHash('sha256').update(`media-grant:${apiKey}`).digest('base64url').slice(0, 22);

export function makeGrant(signing: Signing, claims: GrantClaims): MediaGrant {
  return {
    value: signing.token('media-grant', { ...claims }),
    path: `/media/${claims.s}/`,
    expires_at: new Date(claims.x * 1000).toISOString(),
  };
}

export type GrantRefusal = 'not signed' | 'expired' | 'another asset';

/** The claims of a grant for this scope, valid now; or why not. */
export function readGrant(signing: Signing, value: string, scope: string, nowSeconds: number): GrantClaims | GrantRefusal {
  const c = signing.claims('media-grant', value);
  if (
    !c ||
    typeof c.s !== 'string' ||
    typeof c.u !== 'number' ||
    typeof c.k !== 'string' ||
    typeof c.i !== 'string' ||
    typeof c.c !== 'string' ||
    typeof c.x !== 'number'
  ) {
    return 'not signed';
  }
  if (c.x <= nowSeconds) return 'expired';
  if (c.s !== scope) return 'another asset';
  return { s: c.s, u: c.u, k: c.k, i: c.i, c: c.c, x: c.x };
}

/** The grant cookies of a request's Cookie header: any of the names the web app's cookie factory
 *  gives `media_grant` (plain, `__` on http, `__Secure-` on https). */
export function grantCookies(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (GRANT_COOKIE_NAMES.has(name)) values.push(pair.slice(eq + 1).trim());
  }
  return values;
}

const GRANT_COOKIE_NAMES = new Set([MEDIA_GRANT_COOKIE, `__${MEDIA_GRANT_COOKIE}`, `__Secure-${MEDIA_GRANT_COOKIE}`]);
