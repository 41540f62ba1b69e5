/* How the web app words a fan's clips: a clip's status and progress, a channel refusal of a clip, the share and download file names. */
import type { RefusalCode } from '#contract';
import { CLIP_LIMIT_MSG, CLIP_NAME_MAX } from '#contract/clip-rules';
import { USER_MSG } from './auth-messages';

/** How often the Clips tab asks again while a clip is being made. */
export const CLIPS_POLL_SECONDS = 3;

/** A clip's status as its owner reads it: 'Being made 40 %', 'Ready', 'Failed: …'. */
export function clipStatusText(clip: { status: 'queued' | 'processed' | 'failed'; progress: number; error: string | null }): string {
  if (clip.status === 'queued') return `Being made ${clip.progress} %`;
  if (clip.status === 'failed') return clip.error ? `Failed: ${clip.error}` : 'Failed';
  return 'Ready';
}

/** The toast after the form was taken. */
export const clipQueued = (name: string) => `Your clip “${name}” is being made: it shows here when it is ready.`;

/** A channel refusal of POST /clip that names no field of the form, in a fan's words. */
export function clipRefusalText(refusal: { kind: string; code: RefusalCode }): string {
  if (refusal.kind === 'outage') return USER_MSG.outage;
  if (refusal.code === 'no_capability') return 'Your pass does not include making clips.';
  if (refusal.code === 'too_many_clips') return CLIP_LIMIT_MSG;
  if (refusal.code === 'not_available') return 'This game cannot be clipped now.';
  if (refusal.kind === 'not-found' || refusal.code === 'forbidden') return 'You can clip a game you can watch.';
  if (refusal.kind === 'throttled') return 'You are making clips too quickly. Please wait a moment and try again.';
  return 'The clip could not be made. Please check the fields and try again.';
}

/** The channel's field names of POST /clip → the form's. */
export const CLIP_FIELD_OF: Record<string, string> = { name: 'name', tags: 'tags', start_time: 'start', duration: 'end' };

/** The name "Clip the last 30 s" gives a clip, renamed later on its page: the game's name and the
 *  minute of the game its end falls in, as a match report says it ('… · 63′' from 62:00 to 62:59),
 *  the game's name shortened with '…' so the whole fits CLIP_NAME_MAX. */
export function defaultClipName(gameName: string, endSeconds: number): string {
  const minute = ` · ${Math.floor(Math.max(0, endSeconds) / 60) + 1}′`;
  const room = CLIP_NAME_MAX - minute.length;
  const game = gameName.trim() || 'Game';
  return `${game.length > room ? `${game.slice(0, room - 1).trimEnd()}…` : game}${minute}`;
}

/** The tag "Clip the last 30 s" gives a clip: the channel's default, the first of its clip tags
 *  (the channel description's `clip_tags`, 'Highlight' unless the channel says otherwise). */
export const defaultClipTag = (channelTags: readonly string[]): string | null => channelTags[0] ?? null;
