/* The clip form's messages and limits (spec section 5; ADR 057), with no schema: the browser's
   code imports them from here, not from clips.ts, whose schemas would bring zod and the contract's
   entities into the watch page (ADR 066). clips.ts re-exports them. */

/** The spec's messages for the clip form (section 5), word for word. */
export const CLIP_MSG = {
  required: 'Field is required',
  tag: 'Please select tag',
  time: 'Please fill in the input field.',
  endBeforeStart: 'Your clip duration is longer than the end time',
} as const;

/** The longest clip a fan may make, seconds (the spec's five minutes). */
export const CLIP_MAX_SECONDS = 300;
/** The shortest, seconds. */
export const CLIP_MIN_SECONDS = 1;
/** How long a clip may take to make before it counts as failed, seconds (spec section 9). */
export const CLIP_PROCESSING_SECONDS = 300;
/** Clips one fan may have queued or being made at once (ADR 057): a goal, its replay and a
 *  reaction in quick succession, and no more, so one fan cannot fill the queue every fan shares. */
export const CLIPS_IN_PROGRESS_MAX = 3;
/** Said when a fan asks for one more (409 `too_many_clips`), on the form and in the API's answer. */
export const CLIP_LIMIT_MSG = `You already have ${CLIPS_IN_PROGRESS_MAX} clips being made. Please wait until one is ready before making another.`;
/** A clip's name, characters. */
export const CLIP_NAME_MAX = 80;
/** Tags on one clip. */
export const CLIP_TAGS_MAX = 5;
