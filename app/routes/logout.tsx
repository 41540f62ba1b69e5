import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { refusalOf } from '~/channel/refusal.server';
import { seeOther, seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';

/* Logging out is a POST (the header's button): it ends the user's api key at the channel and
   forgets it here, so the next call fetches a fresh visitor key (spec section 4). A GET changes
   nothing. */

export const loader = () => redirect('/');

export async function action(args: ActionFunctionArgs) {
  await readForm(args);
  const { channel, session } = requestContext(args);
  // Spec section 4: logout is refused if not logged in.
  if (!(await session.user())) {
    return seeOtherWithToast(session, '/', { text: 'You are not logged in.', type: 'info' });
  }
  try {
    await channel.call(api.logout, {}, { tolerate401: true });
  } catch (error) {
    // The key has already ended (401) or the channel is down: forgetting it here is still right.
    refusalOf(error); // (anything else is thrown on)
  }
  await session.signOut();
  await session.toast({ text: 'You are logged out.', type: 'success' });
  return seeOther('/');
}
