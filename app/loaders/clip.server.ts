import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { gameName } from '#contract/game-name';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { lastSecondsWindow, livePosition } from '~/domain/clip-times';
import { CLIP_FIELD_OF, clipQueued, clipRefusalText, defaultClipName, defaultClipTag } from '~/domain/clips';
import { askedWindow, clipSchema, lastClipSchema } from '~/forms/clip';
import { channelErrorReply, refusalReply } from '~/forms/reply.server';
import { idParamOr404 } from '~/http/not-found.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';

/* POST /watch/{id}: the clip forms under the player (app/components/clips/ClipPanel.tsx). "Make
   clip" (intent `clip`): a valid form becomes POST /clip as the fan. "Clip the last 30 s" (intent
   `last30`, one press): the last 30 s before where the fan's player stood, named after the game and
   the minute with the channel's default tag (renamed later on the clip's page). Either way the clip
   is made by the channel's queue, so the fan goes to the Clips tab, where it shows as being made. A
   refusal comes back on the form. */

/** A refusal of "Clip the last 30 s", said beside its button. */
const LAST_CLIP_TOO_EARLY = 'The game has only just started: there is nothing to clip yet.';

export async function clipAction(args: ActionFunctionArgs) {
  await requireUser(args);
  const id = idParamOr404(args.params.id);
  const formData = await readForm(args);
  if (formData.get('intent') === 'last30') return clipLastSeconds(args, id, formData);
  const submission = parseWithZod(formData, { schema: clipSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const { channel, session } = requestContext(args);
  try {
    const { data } = await channel.asUser(api.createClip, { event_id: id, name: form.name, tags: form.tags, ...askedWindow(form) }, { handles4xx: true });
    return seeOtherWithToast(session, '/profile/clips', { text: clipQueued(data.name), type: 'success' });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: CLIP_FIELD_OF, message: clipRefusalText });
  }
}

async function clipLastSeconds(args: ActionFunctionArgs, id: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: lastClipSchema });
  if (submission.status !== 'success') throw refused(400);
  const { channel, session } = requestContext(args);
  try {
    const [{ data: game }, bootstrap] = await Promise.all([channel.asUser(api.event, { id }, { handles4xx: true }), channel.bootstrap()]);
    // Before where the fan's player stood, else (no script) before where a viewer of the live edge is now.
    const window = lastSecondsWindow(submission.value.position ?? livePosition(game.event_utc_ts, Date.now()));
    const tag = defaultClipTag(bootstrap.settings.clip_tags);
    if (!window || !tag) return json({ lastClipError: LAST_CLIP_TOO_EARLY }, { status: 400 });
    const name = defaultClipName(gameName(game), window.start_time + window.duration);
    const { data } = await channel.asUser(api.createClip, { event_id: id, name, tags: [tag], ...window }, { handles4xx: true });
    return seeOtherWithToast(session, '/profile/clips', { text: clipQueued(data.name), type: 'success' });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'signed-out') throw error;
    // The window the channel refuses (the game not that far yet) is said in its own words.
    const reply = refusalReply(refusal, { message: clipRefusalText, fields: CLIP_FIELD_OF });
    return json({ lastClipError: Object.values(reply.fieldErrors).flat()[0] ?? reply.message }, reply.init);
  }
}
