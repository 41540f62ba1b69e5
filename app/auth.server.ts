import { redirect } from '@remix-run/node';
import type { Endpoint, ParamsOf, ResponseOf } from '#contract';
import { ChannelError, type Channel } from '~/channel/client.server';
import { pageOf } from '~/domain/navigation';
import type { SessionUser } from '~/session.server';

/* Who is signed in, and the redirects around signing in and out. */

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, channel: Channel): Promise<SessionUser> {
  const user = await channel.user();
  if (user) return user;
  const back = pageOf(new URL(request.url));
  throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, { headers: await channel.headers() });
}

/** A 303 carrying the session (a toast, a new snapshot, a sign-in or sign-out with its new id). */
export async function redirectWith(channel: Channel, to: string): Promise<Response> {
  return redirect(to, { status: 303, headers: await channel.headers() });
}

/** A call made for the signed-in fan. A 401 means the session ended elsewhere (a password reset,
 *  a deletion, an expired key): the client has already forgotten the user, so the fan goes to
 *  /login and comes back here afterwards (spec section 8: 401 resets the user). */
export async function callAsUser<E extends Endpoint>(request: Request, channel: Channel, endpoint: E, params?: ParamsOf<E>): Promise<ResponseOf<E>> {
  try {
    return await channel.call(endpoint, params, { tolerate401: true });
  } catch (error) {
    if (!(error instanceof ChannelError) || error.status !== 401) throw error;
    await channel.toast({ text: 'Your session has ended. Please log in again.', type: 'info' });
    throw redirect(`/login?${new URLSearchParams({ redirectTo: pageOf(new URL(request.url)) })}`, { status: 303, headers: await channel.headers() });
  }
}
