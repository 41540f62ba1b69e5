/* Where a live stream plays, read from its picture: the demo's live loop shows its own clock
   (channel-api/media/clock.ts), 0:00–0:59 and round again, in step with the live clock (segment
   n shows (n mod 30) × 2 s). Chromium's own HLS player gives a live stream no seekable range, so
   the picture is what tells where it started. */
import type { Page } from '@playwright/test';
import { LIVE_EPOCH_MS, LIVE_LOOP_SEGMENTS, SEGMENT_SECONDS } from '../../../channel-api/media/assets.ts';
import { readClock } from '../../../channel-api/media/clock.ts';
import { kickoffSegment } from '../../../channel-api/media/live-playlist.ts';

const LOOP_SECONDS = LIVE_LOOP_SEGMENTS * SEGMENT_SECONDS;

export interface Picture {
  /** The seconds its clock shows. */
  clock: number;
  /** When it was read (wall clock, ms). */
  atMs: number;
  /** The element's time and seekable start then (a native live stream has none: null). */
  currentTime: number;
  seekableStart: number | null;
}

/** What the page's video shows now, or null: no frame yet. */
export async function pictureClock(page: Page): Promise<Picture | null> {
  // The clock is in the top 70 rows of the 640×360 picture: their luma comes back, read in the
  // same moment as the element's time.
  const seen = await page.locator('video').evaluate((v: HTMLVideoElement) => {
    if (v.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 70;
    const context = canvas.getContext('2d')!;
    context.drawImage(v, 0, 0, v.videoWidth, (v.videoHeight * 70) / 360, 0, 0, 640, 70);
    const at = { atMs: Date.now(), currentTime: v.currentTime, seekableStart: v.seekable.length ? v.seekable.start(0) : null };
    const rgba = context.getImageData(0, 0, 640, 70).data;
    const luma: number[] = [];
    for (let p = 0; p < 640 * 70; p++) luma.push(Math.round(0.299 * rgba[4 * p] + 0.587 * rgba[4 * p + 1] + 0.114 * rgba[4 * p + 2]));
    return { ...at, luma };
  });
  if (!seen) return null;
  const clock = readClock(Uint8Array.from(seen.luma), 640);
  return clock === null ? null : { clock, atMs: seen.atMs, currentTime: seen.currentTime, seekableStart: seen.seekableStart };
}

/** Within [−10, 50): how far a loop clock is past another, read round the minute. */
const loopDistance = (from: number, to: number) => ((((to - from) % LOOP_SECONDS) + LOOP_SECONDS + 10) % LOOP_SECONDS) - 10;

/** How many seconds behind live the picture is (−10 to 50). */
export function behindLive(seen: { clock: number; atMs: number }): number {
  return loopDistance(seen.clock, ((seen.atMs - LIVE_EPOCH_MS) / 1000) % LOOP_SECONDS);
}

/** How many seconds after a game's kick-off segment the picture is (−10 to 50). */
export function sinceKickoff(seen: { clock: number }, kickoffSeconds: number): number {
  return loopDistance((kickoffSegment(kickoffSeconds) % LIVE_LOOP_SEGMENTS) * SEGMENT_SECONDS, seen.clock);
}
