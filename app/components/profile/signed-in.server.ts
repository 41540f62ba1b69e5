import { redirect } from '@remix-run/node';
import type { Endpoint, ParamsOf, ResponseOf } from '#contract';
import { ChannelError, type Channel } from '~/channel/client.server';
import { pageOf } from '~/domain/navigation';

/* Calls made for the signed-in fan. A 401 means the session ended elsewhere (a password reset,
   a deletion, an expired key): the channel client has already forgotten the user, so the fan
   goes to /login and comes back here afterwards (spec section 8: 401 resets the user). */

export async function callAsUser<E extends Endpoint>(request: Request, channel: Channel, endpoint: E, params?: ParamsOf<E>): Promise<ResponseOf<E>> {
  try {
    return await channel.call(endpoint, params, { tolerate401: true });
  } catch (error) {
    if (error instanceof ChannelError && error.status === 401) throw await signedOut(request, channel);
    throw error;
  }
}

async function signedOut(request: Request, channel: Channel): Promise<Response> {
  await channel.toast({ text: 'Your session has ended. Please log in again.', type: 'info' });
  const back = pageOf(new URL(request.url));
  return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, { status: 303, headers: await channel.headers() });
}
