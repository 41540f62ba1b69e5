import { describe, expect, it } from 'vitest';
import { dvrPosition, dvrSeekTarget, dvrStartTarget } from '~/domain/dvr';

/** A video element's time and seekable range, as hls.js reports a DVR stream. */
const video = (currentTime: number, start: number, end: number) => ({
  currentTime,
  seekable: { length: 1, start: () => start, end: () => end },
});

describe('where a live DVR stream plays (app/domain/dvr.ts)', () => {
  it('counts how far behind live and since the kick-off', () => {
    expect(dvrPosition(video(600, 0, 1200))).toEqual({ behindLive: 600, sinceKickoff: 600, live: false });
    expect(dvrPosition(video(1194, 0, 1200))).toMatchObject({ live: true });
    expect(dvrPosition({ currentTime: 0, seekable: { length: 0, start: () => 0, end: () => 0 } })).toBeNull();
    expect(dvrPosition(video(0, 0, Infinity))).toBeNull();
  });

  it('seeks to the live edge, 30 s back, or just after the kick-off', () => {
    expect(dvrSeekTarget(video(600, 0, 1200), 'live')).toBe(1194);
    expect(dvrSeekTarget(video(600, 0, 1200), 'back-30')).toBe(570);
    // Never before the kick-off.
    expect(dvrSeekTarget(video(10, 0, 1200), 'back-30')).toBe(2);
    expect(dvrSeekTarget(video(600, 0, 1200), 'kickoff')).toBe(2);
  });

  it('starts a page’s ?start= by a seek once the range is known: the kick-off, or 30 s behind where Live plays', () => {
    // hls.js starts at the live edge (about 6 s behind it).
    expect(dvrStartTarget(video(1194, 0, 1200), 'kickoff')).toBe(2);
    expect(dvrStartTarget(video(1194, 0, 1200), 'back-30')).toBe(1164);
    expect(dvrStartTarget(video(0, 0, 1200), 'back-30')).toBe(1164);
    expect(dvrStartTarget(video(20, 0, 20), 'back-30')).toBe(2);
    expect(dvrStartTarget(video(1194, 0, 1200), 'live')).toBeNull();
    expect(dvrStartTarget({ currentTime: 0, seekable: { length: 0, start: () => 0, end: () => 0 } }, 'kickoff')).toBeNull();
  });
});
