/* What the watch page shows of a pre-roll (ADR 050), from plain data: the stitched stream it
   plays instead of the game's own, and when its Skip is allowed. */
import { stitchedUrl } from '#contract/preroll-rules';
import type { PrerollPlay } from '#contract/prerolls';
import type { Caption, Dvr } from '~/domain/watch-state';

export interface PrerollView {
  id: number;
  /** Seconds of the ad. */
  duration: number;
  skipAfter: number;
  hasLink: boolean;
}

interface Playing {
  src: string;
  captions: Caption[];
  dvr: Dvr | null;
}

/** The stream with the ad in front: every URL the player reads (the start's master, the live
 *  master hls.js plays, the sidecar captions) in its `preroll-<id>/` variant. */
export function withPreroll<T extends Playing>(play: T, preroll: PrerollPlay): T & { preroll: PrerollView } {
  const stitched = (url: string) => stitchedUrl(url, preroll.id);
  return {
    ...play,
    src: stitched(play.src),
    captions: play.captions.map((c) => ({ ...c, url: stitched(c.url) })),
    dvr: play.dvr ? { ...play.dvr, liveSrc: stitched(play.dvr.liveSrc) } : null,
    preroll: { id: preroll.id, duration: preroll.duration, skipAfter: preroll.skip_after_seconds, hasLink: preroll.has_link },
  };
}

/** Seconds before a Skip is allowed, for a page shown at `shownAtMs` (whole seconds, rounded up;
 *  0: now). A page with no time (or one from the future) counts from now. */
export function skipWaitSeconds(skipAfter: number, shownAtMs: number | null, nowMs: number): number {
  const shown = shownAtMs === null || !Number.isFinite(shownAtMs) || shownAtMs > nowMs ? nowMs : shownAtMs;
  return Math.max(0, Math.ceil(skipAfter - (nowMs - shown) / 1000));
}

/** What the Skip says before it may be used. */
export const skipWaitText = (seconds: number) => `You can skip the ad in ${seconds} second${seconds === 1 ? '' : 's'}.`;
