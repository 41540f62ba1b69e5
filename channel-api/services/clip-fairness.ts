/* The clip queue's fairness (ADR 057), pure: where a new clip's job goes in the queue every fan
 * shares. (How many clips a fan may have in progress, CLIPS_IN_PROGRESS_MAX, is counted where the
 * clip is inserted: repo/clips.ts insertClip.) */

/**
 * The job's priority (the queue takes the highest first, then the oldest): minus the fan's clips
 * already in progress. Each fan's first clip waits only behind other first clips, their second
 * behind every waiting first and older second ones, and so on: one fan's three clips never make
 * the next fan's one wait behind all of them.
 */
export const clipJobPriority = (inProgress: number): number => 0 - Math.max(0, Math.floor(inProgress));
