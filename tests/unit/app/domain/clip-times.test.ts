import { describe, expect, it } from 'vitest';
import { formatDuration } from '#contract/durations';
import { LIVE_DELAY_SECONDS, lastSecondsWindow, livePosition, parseClipTime } from '~/domain/clip-times';

describe('a clip time as a fan writes it', () => {
  it('reads m:ss, h:mm:ss and plain seconds', () => {
    expect(parseClipTime('0:07')).toBe(7);
    expect(parseClipTime('1:05')).toBe(65);
    expect(parseClipTime(' 12:30 ')).toBe(750);
    expect(parseClipTime('95')).toBe(95);
    expect(parseClipTime('1:02:03')).toBe(3723);
    expect(parseClipTime('0')).toBe(0);
  });

  it('refuses what is not a time', () => {
    for (const text of ['', ' ', '1:60', '1:5:', ':30', '-5', '1.5', '1,5', 'abc', '1:02:03:04', '0x10', '１:00']) expect(parseClipTime(text), text).toBeNull();
  });

  it('reads back what the Set start and Set end buttons write (formatDuration, the minutes counting on)', () => {
    for (const seconds of [0, 7, 65, 754, 3723]) expect(parseClipTime(formatDuration(seconds, { hours: false }))).toBe(seconds);
  });
});

describe('"Clip the last 30 s" of a live game', () => {
  it('ends where a viewer of the live edge is: now less kick-off less the usual delay', () => {
    const kickOff = 1_800_000_000;
    expect(LIVE_DELAY_SECONDS).toBe(6);
    expect(livePosition(kickOff, (kickOff + 100) * 1000)).toBe(94);
    expect(livePosition(kickOff, (kickOff + 3) * 1000)).toBe(0);
  });

  it('is the 30 s before the position, shorter at the very start, nothing at 0', () => {
    expect(lastSecondsWindow(94)).toEqual({ start_time: 64, duration: 30 });
    expect(lastSecondsWindow(94.8)).toEqual({ start_time: 64, duration: 30 });
    expect(lastSecondsWindow(12)).toEqual({ start_time: 0, duration: 12 });
    expect(lastSecondsWindow(0)).toBeNull();
  });
});
