import { z } from 'zod';
import { CLIP_MAX_SECONDS, CLIP_MSG, CLIP_NAME_MAX, CLIP_TAGS_MAX } from '#contract/clip-rules';
import { parseClipTime } from '~/domain/clip-times';

/* The clip forms under the watch page's player (app/components/clips/ClipPanel.tsx; their action:
   app/loaders/clip.server.ts), and renaming a clip on its page (/watch_library/{id}). The Clip form
   ("Make clip", intent `clip`) takes a name, tags, and start and end as m:ss or seconds; "Clip the
   last 30 s" on a live game is a form of one button (intent `last30`): its times come from the
   player's position (`position`) or the live edge, its name and tag are the defaults
   (domain/clips.ts), renamed later. Messages are the spec's, word for word. */

const clipName = z
  .string({ required_error: CLIP_MSG.required })
  .trim()
  .min(1, CLIP_MSG.required)
  .max(CLIP_NAME_MAX, `Field length must be less than ${CLIP_NAME_MAX + 1}`);

/** Seconds into the media where the fan's player stood (sent by the page's script). */
const position = z.coerce
  .number()
  .min(0)
  .max(24 * 3600)
  .optional();

/** More than CLIP_MAX_SECONDS between start and end. */
export const CLIP_TOO_LONG = `A clip can be at most ${CLIP_MAX_SECONDS / 60} minutes long: move the start or the end closer.`;

export const clipFields = z.object({
  intent: z.literal('clip').default('clip'),
  name: clipName,
  tags: z
    .array(z.string().min(1, CLIP_MSG.tag).max(40, CLIP_MSG.tag), { required_error: CLIP_MSG.tag, invalid_type_error: CLIP_MSG.tag })
    .min(1, CLIP_MSG.tag)
    .max(CLIP_TAGS_MAX, `Pick at most ${CLIP_TAGS_MAX} tags`),
  start: z.string().max(20, CLIP_MSG.time).optional(),
  end: z.string().max(20, CLIP_MSG.time).optional(),
});

/* The times are checked beside the other fields (`.and`), so a fan sees every message at once. */
const times = clipFields.pick({ start: true, end: true }).superRefine((form, ctx) => {
  const start = parseClipTime(form.start ?? '');
  const end = parseClipTime(form.end ?? '');
  if (start === null) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['start'], message: CLIP_MSG.time });
  if (end === null) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end'], message: CLIP_MSG.time });
  if (start === null || end === null) return;
  if (end <= start) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end'], message: CLIP_MSG.endBeforeStart });
  else if (end - start > CLIP_MAX_SECONDS) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end'], message: CLIP_TOO_LONG });
});

export const clipSchema = clipFields.and(times);
export type ClipForm = z.infer<typeof clipSchema>;

/** "Clip the last 30 s": the one button, and where the player stood. */
export const lastClipSchema = z.object({ intent: z.literal('last30'), position });

/** Renaming a clip on its page. */
export const renameClipSchema = z.object({ name: clipName });

/** The start and length the form asks for (already checked by the schema). */
export function askedWindow(form: ClipForm): { start_time: number; duration: number } {
  const start = parseClipTime(form.start ?? '') ?? 0;
  const end = parseClipTime(form.end ?? '') ?? start + 1;
  return { start_time: start, duration: end - start };
}
