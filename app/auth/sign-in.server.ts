import { redirect } from '@remix-run/node';
import type { AuthSession, Endpoint, ParamsOf, ResponseOf } from '#contract';
import { ChannelError, type CallOptions } from '~/channel/client.server';
import { pageOf } from '~/domain/navigation';
import { returnTo } from '~/http/navigation.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import type { SessionUser } from '~/http/session-cookie.server';

/* Who is signed in, the one way a sign-in ends, and the redirects around signing in and out. */

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(args: RouteArgs): Promise<SessionUser> {
  const user = await requestContext(args).session.user();
  if (user) return user;
  throw redirect(loginUrl(args.request));
}

/** A 303 to another page of ours after a form post (the request session rides along). */
export function seeOther(to: string): Response {
  return redirect(to, { status: 303 });
}

/**
 * The end of every sign-in (password, social, social after accepting the terms, a verified
 * address): the fan's own session, a welcome, and where they go next — /profile/edit while the
 * password is temporary, else `redirectTo` when it is safe (the page the Log in or Register link
 * came from, domain/navigation signInHref), else home.
 */
export async function completeSignIn(args: RouteArgs, auth: AuthSession, opts: { welcome: string; redirectTo?: string | null }): Promise<Response> {
  const { session } = requestContext(args);
  await session.signIn(auth);
  await session.toast({ text: opts.welcome, type: 'success' });
  return seeOther(auth.user.temporary_password ? '/profile/edit' : returnTo(opts.redirectTo));
}

/** ", Casey" when the fan has a first name: "Welcome back, Casey!". */
export const commaName = (user: { first_name?: string | null }) => (user.first_name ? `, ${user.first_name}` : '');

/** A call made for the signed-in fan. A 401 means the session ended elsewhere (a password reset,
 *  a deletion, an expired key): the client has already forgotten the user, so the fan goes to
 *  /login and comes back here afterwards (spec section 8: 401 resets the user). */
export async function callAsUser<E extends Endpoint>(args: RouteArgs, endpoint: E, params?: ParamsOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  const { channel, session } = requestContext(args);
  try {
    return await channel.call(endpoint, params, { ...opts, tolerate401: true });
  } catch (error) {
    if (!(error instanceof ChannelError) || error.status !== 401) throw error;
    await session.toast({ text: 'Your session has ended. Please log in again.', type: 'info' });
    throw redirect(loginUrl(args.request), { status: 303 });
  }
}

function loginUrl(request: Request): string {
  return `/login?${new URLSearchParams({ redirectTo: pageOf(new URL(request.url)) })}`;
}
