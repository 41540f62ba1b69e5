import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { lastSecondsWindow, livePosition } from '~/domain/clip-times';
import { CLIP_FIELD_OF, clipQueued, clipRefusalText } from '~/domain/clips';
import { askedWindow, clipSchema } from '~/forms/clip';
import { channelErrorReply } from '~/forms/reply.server';
import { idParamOr404 } from '~/http/not-found.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';

/* POST /watch/{id}: the Clip form under the player (app/components/clips/ClipPanel.tsx). A valid
   form becomes POST /clip as the fan; the clip is made by the channel's queue, so the fan goes to
   the Clips tab, where it shows as being made. A refusal comes back on the form. */

export async function clipAction(args: ActionFunctionArgs) {
  await requireUser(args);
  const id = idParamOr404(args.params.id);
  const formData = await readForm(args);
  const submission = parseWithZod(formData, { schema: clipSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const { channel, session } = requestContext(args);
  try {
    // "Clip the last 30 s": before where the fan's player stood, else (no script) before where a
    // viewer of the live edge is now.
    const window =
      form.intent === 'clip'
        ? askedWindow(form)
        : lastSecondsWindow(form.position ?? livePosition((await channel.asUser(api.event, { id })).data.event_utc_ts, Date.now()));
    if (!window) return json({ result: submission.reply({ formErrors: ['The game has only just started: there is nothing to clip yet.'] }) }, { status: 400 });
    const { data } = await channel.asUser(api.createClip, { event_id: id, name: form.name, tags: form.tags, ...window }, { handles4xx: true });
    return seeOtherWithToast(session, '/profile/clips', { text: clipQueued(data.name), type: 'success' });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: CLIP_FIELD_OF, message: clipRefusalText });
  }
}
