/**
 * The four moments of a pre-roll the channel counts (issue 35; datalake event names): where each
 * is known, it is reported here, and the analytics store records it.
 * - `preroll_impression`: the ad's first segment is fetched (media/preroll-router.ts, `ad/<r>_000.ts`);
 * - `preroll_complete`: the game's first segment after the ad is fetched (`after-ad/…`): the
 *   viewer's player played the ad through;
 * - `preroll_skip`: a viewer's Skip (POST /prerolls/{id}/dismiss with reason 'skip', from the
 *   watch page's form or button);
 * - `preroll_click`: a viewer follows its link (POST /prerolls/{id}/click, from the web's /ad/{id}).
 * Segment moments carry no viewer: a segment is the same file for everyone (cacheable); the
 * form moments carry the fan when there is one.
 */
export type PrerollMomentName = 'preroll_impression' | 'preroll_complete' | 'preroll_skip' | 'preroll_click';

export interface PrerollMoment {
  name: PrerollMomentName;
  preroll_id: number;
  /** The game's media scope ('vod/game-1', 'live/live'), when the moment is a media fetch. */
  scope: string | null;
  /** The fan, when known. */
  user_id: number | null;
  /** The caller's channel; none for a media fetch (the server's first channel, as the media router's). */
  channel_id?: number;
  /** Epoch milliseconds. */
  at: number;
}

export type PrerollMoments = (moment: PrerollMoment) => void;

/** Nothing is kept (tests that count the moments themselves pass their own). */
export const momentsNotKept: PrerollMoments = () => undefined;
