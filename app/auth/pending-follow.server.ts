import { z } from 'zod';
import { api, FAVORITABLE_TYPES } from '#contract';
import { requestContext, type RouteArgs } from '~/http/request-context.server';

/* A visitor's Follow (app/routes/follow.tsx): kept in their session while they log in (or sign up
   with a social account), then done by completeSignIn, so they come back already following. For
   an hour: a wish forgotten on the way is not acted on a day later. */

const PENDING_FOLLOW_TTL_MS = 60 * 60_000;

const pendingFollowShape = z.object({ type: z.enum(FAVORITABLE_TYPES), id: z.number().int().positive(), expiresAt: z.number() });

/** Remembers what the visitor asked to follow. */
export async function rememberFollow(args: RouteArgs, wish: { type: (typeof FAVORITABLE_TYPES)[number]; id: number }, now = Date.now()): Promise<void> {
  await requestContext(args).session.change((session) => session.set('pendingFollow', { ...wish, expiresAt: now + PENDING_FOLLOW_TTL_MS }));
}

/** Follows what the visitor asked to before signing in, if anything (once): the thing's name, or
 *  null (nothing pending, expired, or no longer there to follow). Call after session.signIn. */
export async function followPending(args: RouteArgs, now = Date.now()): Promise<string | null> {
  const { session, channel } = requestContext(args);
  const current = await session.read();
  if (!current.has('pendingFollow')) return null;
  const parsed = pendingFollowShape.safeParse(current.get('pendingFollow'));
  await session.change((s) => s.unset('pendingFollow'));
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  try {
    const { data } = await channel.asUser(api.addFollow, { favoritable_type: parsed.data.type, favoritable_id: parsed.data.id }, { handles4xx: true });
    return data.name;
  } catch {
    // Gone from the channel, or the channel is down: the sign-in itself went through.
    return null;
  }
}
