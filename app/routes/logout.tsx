import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { redirectWith } from '~/auth.server';
import { ChannelError, channelFor } from '~/channel/client.server';
import { readForm } from '~/security.server';

/* Logging out is a POST (the header's button): it ends the user's api key at the channel and
   forgets it here, so the next call fetches a fresh visitor key (spec section 4). A GET changes
   nothing. */

export const loader = () => redirect('/');

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  const channel = await channelFor(request);
  // Spec section 4: logout is refused if not logged in.
  if (!(await channel.user())) {
    await channel.toast({ text: 'You are not logged in.', type: 'info' });
    return redirectWith(channel, '/');
  }
  try {
    await channel.call(api.logout, {}, { tolerate401: true });
  } catch (error) {
    // The key has already ended (401) or the channel is down: forgetting it here is still right.
    if (!(error instanceof ChannelError)) throw error;
  }
  await channel.signOut();
  await channel.toast({ text: 'You are logged out.', type: 'success' });
  return redirectWith(channel, '/');
}
