import { z } from 'zod';
import { socialCredential, socialProvider } from '#contract/auth';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import type { AppSession } from '~/http/session-cookie.server';

/* A social sign-in waiting for the fan to accept the terms (spec section 8: 'You are not
   registered yet...'): in the session (encrypted like the whole cookie: it holds the provider's token),
   for a few minutes, until /registration turns it into an account. */

/** A pending social sign-in lasts a few minutes; the provider's ID token expires soon anyway. */
export const PENDING_SOCIAL_TTL_MS = 15 * 60_000;

const pendingSocialShape = z.object({
  provider: socialProvider,
  /** Google's ID token or Facebook's access token, as the channel's social sign-in takes it. */
  credential: socialCredential,
  email: z.string(),
  /** Where to go once signed in (safe-redirected when used). */
  redirectTo: z.string().max(2000).optional(),
  /** Epoch ms. */
  expiresAt: z.number(),
});

export type PendingSocial = Omit<z.infer<typeof pendingSocialShape>, 'expiresAt'>;

/** The pending sign-in in this session, or null (none, unreadable, or expired). */
export function pendingSocialOf(session: AppSession, now = Date.now()): PendingSocial | null {
  const parsed = pendingSocialShape.safeParse(session.get('pendingSocial'));
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  const { expiresAt: _expiresAt, ...value } = parsed.data;
  return value;
}

/** Stores (or with null, forgets) the pending sign-in on a session. */
export function putPendingSocial(session: AppSession, value: PendingSocial | null, now = Date.now()): void {
  if (value === null) session.unset('pendingSocial');
  else session.set('pendingSocial', { ...value, expiresAt: now + PENDING_SOCIAL_TTL_MS });
}

/** The pending sign-in of this request's session, or null. */
export async function readPendingSocial(args: RouteArgs): Promise<PendingSocial | null> {
  return pendingSocialOf(await requestContext(args).session.read());
}

/** Stores (or with null, forgets) the pending sign-in in this request's session. */
export function setPendingSocial(args: RouteArgs, value: PendingSocial | null): Promise<void> {
  return requestContext(args).session.change((session) => putPendingSocial(session, value));
}
