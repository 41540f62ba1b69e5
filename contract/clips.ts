import { z } from 'zod';
import { CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, CLIP_MSG, CLIP_NAME_MAX, CLIP_TAGS_MAX } from './clip-rules.ts';
import { download } from './entities.ts';
import { apiGet, endpoint, envelope, id, int, publicGet } from './http.ts';

/* Clips (spec sections 1, 3, 4, 5, 7; issue 25): a fan cuts a moment of a game they may watch,
   the channel API makes it by a job on its queue (queued → processed | failed, at most
   CLIP_PROCESSING_SECONDS), and the fan watches, shares, downloads or deletes it. A download
   answers with a short-lived link to the file (entities.ts `download`), never the bytes. */

export * from './clip-rules.ts';

export const clipStatus = z.enum(['queued', 'processed', 'failed']);
export type ClipStatus = z.infer<typeof clipStatus>;

/** A processed clip's files, path-absolute under /media/clips/<uuid>/ (the web app proxies /media). */
export const clipMedia = z.object({
  /** H.264/AAC MP4, faststart. */
  video: z.string(),
  /** 1200×630 JPEG for Open Graph and Twitter cards. */
  preview: z.string(),
  /** The player's poster, at the clip's own size. */
  poster: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ClipMedia = z.infer<typeof clipMedia>;

/** A fan's own clip, as its owner sees it. */
export const clip = z.object({
  id: z.number().int(),
  /** The share link's secret: `/share/{id}/{uuid}`. */
  uuid: z.string().uuid(),
  event_id: z.number().int(),
  event_name: z.string(),
  event_media_id: z.number().int().nullable(),
  name: z.string(),
  /** Seconds into the game's media (a live game: since its kick-off). */
  start_time: z.number().int().nonnegative(),
  duration: z.number().int().positive(),
  tags: z.array(z.string()),
  status: clipStatus,
  /** Percent done while queued. */
  progress: z.number().int().min(0).max(100),
  /** Why it failed, for the fan; null unless failed. */
  error: z.string().nullable(),
  /** Null until processed. */
  media: clipMedia.nullable(),
  created_at: z.string(),
});
export type Clip = z.infer<typeof clip>;

/** A clip as anyone holding its share link sees it: no owner, no uuid. */
export const sharedClipDetail = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  name: z.string(),
  duration: z.number().int().positive(),
  tags: z.array(z.string()),
  status: clipStatus,
  media: clipMedia.nullable(),
  created_at: z.string(),
});
export type SharedClip = z.infer<typeof sharedClipDetail>;

const clipName = z
  .string({ required_error: CLIP_MSG.required, invalid_type_error: CLIP_MSG.required })
  .trim()
  .min(1, CLIP_MSG.required)
  .max(CLIP_NAME_MAX, `Field length must be less than ${CLIP_NAME_MAX + 1}`);

/** One tag, or several (a form sends `tags` once per box ticked). */
const clipTags = z
  .union([z.string(), z.array(z.string())], { errorMap: () => ({ message: CLIP_MSG.tag }) })
  .transform((t) => (Array.isArray(t) ? t : [t]))
  .pipe(z.array(z.string().min(1, CLIP_MSG.tag).max(40, CLIP_MSG.tag)).min(1, CLIP_MSG.tag).max(CLIP_TAGS_MAX, `Pick at most ${CLIP_TAGS_MAX} tags`));

/** Spec: POST /clip — queue a clip of a game the fan may watch and clip. */
export const createClip = endpoint({
  name: 'createClip',
  method: 'POST',
  path: '/clip',
  auth: 'apiKey',
  params: z
    .object({
      event_id: id,
      name: clipName,
      start_time: int(0, 24 * 3600),
      duration: int(CLIP_MIN_SECONDS, CLIP_MAX_SECONDS),
      tags: clipTags,
      event_media_id: id.nullable().optional(),
    })
    .strict(),
  response: envelope(clip),
});

/** Not in the spec (issue 34): renames the fan's own clip (another's: 404). "Clip the last 30 s"
 *  makes a clip with a default name, renamed here later. */
export const renameClip = endpoint({
  name: 'renameClip',
  method: 'POST',
  path: '/clip/:id/name',
  auth: 'apiKey',
  params: z.object({ id, name: clipName }).strict(),
  response: envelope(clip),
});

/** Spec: GET /clips/event/{id} — the fan's clips of one game, newest first. */
export const clipsEvent = apiGet('clipsEvent', '/clips/event/:id', z.array(clip), z.object({ id }).strict());

/** Spec: GET /clips/user — the signed-in fan's clips, newest first. */
export const clipsUser = apiGet('clipsUser', '/clips/user', z.array(clip));

/** Spec: GET /shared-clip/{id} — a clip for anyone with its share link (id and uuid); 404 otherwise. */
export const sharedClip = publicGet(
  'sharedClip',
  '/shared-clip/:id',
  sharedClipDetail,
  z.object({ id, uuid: z.string().uuid('must be a share link id') }).strict(),
);

/** Spec: GET /clip/download/{id} — the fan's own processed clip, with download_clip. */
export const clipDownload = apiGet('clipDownload', '/clip/download/:id', download, z.object({ id }).strict());

/** Spec: GET /events/with_clip — the games the fan has clips of, with how many. */
export const eventsWithClip = apiGet(
  'eventsWithClip',
  '/events/with_clip',
  z.array(
    z.object({ id: z.number().int(), name: z.string(), event_utc_ts: z.number().int(), image: z.string().nullable(), clips: z.number().int().positive() }),
  ),
);

/** Spec: DELETE /clip/{id} — the owner's only (another fan's: 404); its files go too. */
export const deleteClip = endpoint({
  name: 'deleteClip',
  method: 'DELETE',
  path: '/clip/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(z.object({ id: z.number().int() })),
});
