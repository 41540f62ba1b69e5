import { z } from 'zod';
import { CLIP_MAX_SECONDS, CLIP_MSG, CLIP_NAME_MAX, CLIP_TAGS_MAX } from '#contract/clips';
import { parseClipTime } from '~/domain/clip-times';

/* The Clip form under the watch page's player (app/components/clips/ClipPanel.tsx; its action:
   app/loaders/clip.server.ts). Two buttons send it: "Make clip" (intent `clip`: start and end as
   m:ss or seconds) and "Clip the last 30 s" on a live game (intent `last30`: the times come from
   the player's position, `position`, or the live edge). Messages are the spec's, word for word. */

export const CLIP_INTENTS = ['clip', 'last30'] as const;

/** More than CLIP_MAX_SECONDS between start and end. */
export const CLIP_TOO_LONG = `A clip can be at most ${CLIP_MAX_SECONDS / 60} minutes long: move the start or the end closer.`;

export const clipFields = z.object({
  intent: z.enum(CLIP_INTENTS).default('clip'),
  name: z
    .string({ required_error: CLIP_MSG.required })
    .trim()
    .min(1, CLIP_MSG.required)
    .max(CLIP_NAME_MAX, `Field length must be less than ${CLIP_NAME_MAX + 1}`),
  tags: z
    .array(z.string().min(1, CLIP_MSG.tag).max(40, CLIP_MSG.tag), { required_error: CLIP_MSG.tag, invalid_type_error: CLIP_MSG.tag })
    .min(1, CLIP_MSG.tag)
    .max(CLIP_TAGS_MAX, `Pick at most ${CLIP_TAGS_MAX} tags`),
  start: z.string().max(20, CLIP_MSG.time).optional(),
  end: z.string().max(20, CLIP_MSG.time).optional(),
  /** Seconds into the media where the fan's player stood (sent by the page's script). */
  position: z.coerce
    .number()
    .min(0)
    .max(24 * 3600)
    .optional(),
});

/* The times are checked beside the other fields (`.and`), so a fan sees every message at once. */
const times = clipFields.pick({ intent: true, start: true, end: true }).superRefine((form, ctx) => {
  if (form.intent !== 'clip') return;
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

/** The start and length the form asks for (intent `clip`, already checked by the schema). */
export function askedWindow(form: ClipForm): { start_time: number; duration: number } {
  const start = parseClipTime(form.start ?? '') ?? 0;
  const end = parseClipTime(form.end ?? '') ?? start + 1;
  return { start_time: start, duration: end - start };
}
