import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { rememberFollow } from '~/auth/pending-follow.server';
import { refusalOf } from '~/channel/refusal.server';
import { backTo, followSchema } from '~/forms/follow';
import { refusalReply, refusalToast } from '~/forms/reply.server';
import { notFound } from '~/http/not-found.server';
import { seeOther, seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';

/* POST /follow: the Follow / Following toggle of every page (app/components/FollowButton.tsx).
   - A signed-in fan's post (with their page's CSRF token) follows or unfollows, then goes back to
     the page with a toast; with JavaScript (`stay`) it answers the new state instead, and Remix
     reloads the page's data (the spec's refetch after each add or delete).
   - A visitor's post comes from a page every visitor shares, which holds no token: our own origin
     is its proof (as the data saver's), and all it does is remember the wish in the visitor's
     session and send them to log in; completeSignIn follows it (auth/pending-follow.server.ts). */

export const loader = () => {
  throw notFound();
};

export async function action(args: ActionFunctionArgs) {
  const { session, channel } = requestContext(args);
  const signedIn = (await session.user()) !== null;
  const formData = await readForm(args, { preference: !signedIn });
  const submission = parseWithZod(formData, { schema: followSchema });
  if (submission.status !== 'success') throw refused(400);
  const form = submission.value;
  const back = backTo(form);
  if (!signedIn) {
    if (form.intent === 'follow') await rememberFollow(args, { type: form.type, id: form.id });
    return seeOther(`/login?${new URLSearchParams({ redirectTo: back })}`);
  }
  try {
    const { data } =
      form.intent === 'follow'
        ? await channel.asUser(api.addFollow, { favoritable_type: form.type, favoritable_id: form.id }, { handles4xx: true })
        : await channel.asUser(api.deleteFollow, { id: form.follow_id }, { handles4xx: true });
    const text = form.intent === 'follow' ? `You now follow ${data.name}.` : `You no longer follow ${data.name}.`;
    if (form.stay) return json({ ok: true as const, text });
    return seeOtherWithToast(session, back, { text, type: 'success' });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'signed-out') throw error;
    // Gone from the channel, or already unfollowed elsewhere: the page shows what is true now.
    const words = { message: 'That is no longer there to follow.' };
    if (form.stay) {
      const reply = refusalReply(refusal, words);
      return json({ ok: false as const, text: reply.message }, reply.init);
    }
    return refusalToast(session, back, refusal, words);
  }
}
