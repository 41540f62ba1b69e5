import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { channelById } from '../repo/channels.ts';

/* The sandbox's customer portal and its "add a card" page are reached by a short-lived signed link
   (Stripe's portal and setup sessions are too): what it is for, who it is for, where "Return" goes,
   until when, signed with the channel's own key, which never leaves the server. No table, nothing
   to clean up. A link made for one page does not open the other. */

export type LinkPurpose = 'portal' | 'add-card';

const PORTAL_TTL_MS = 60 * 60_000;

interface PortalClaims {
  channelId: number;
  customerId: number;
  returnUrl: string;
  expiresAt: number;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export async function portalToken(
  db: Db,
  channelId: number,
  customerId: number,
  returnUrl: string,
  now: Date,
  purpose: LinkPurpose = 'portal',
): Promise<string> {
  const channel = await channelById(db, channelId);
  if (!channel) throw new Error(`no channel ${channelId}`);
  const payload = b64(JSON.stringify({ c: channelId, u: customerId, r: returnUrl, e: now.getTime() + PORTAL_TTL_MS, p: purpose }));
  return `${payload}.${sign(channel.channelKey, payload)}`;
}

/** The claims of a valid, unexpired link; null for anything else. */
export async function verifyPortalToken(db: Db, token: string, now: Date, purpose: LinkPurpose = 'portal'): Promise<PortalClaims | null> {
  const m = /^([A-Za-z0-9_-]{10,2000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  let claims: { c?: unknown; u?: unknown; r?: unknown; e?: unknown; p?: unknown };
  try {
    claims = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  // 'null' or '1' is valid JSON too.
  if (typeof claims !== 'object' || claims === null) return null;
  if (typeof claims.c !== 'number' || typeof claims.u !== 'number' || typeof claims.r !== 'string' || typeof claims.e !== 'number') return null;
  if ((claims.p ?? 'portal') !== purpose) return null;
  const channel = await channelById(db, claims.c);
  if (!channel) return null;
  const expected = Buffer.from(sign(channel.channelKey, m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (claims.e < now.getTime()) return null;
  return { channelId: claims.c, customerId: claims.u, returnUrl: claims.r, expiresAt: claims.e };
}
