import { describe, expect, it } from 'vitest';
import { formatDuration } from '#contract/durations';

/* The one writing of a length of time (contract/durations.ts): a video's and a clip's length, the
   DVR's place behind live, the Clip form's times and the channel API's clip refusals. */

describe('formatDuration', () => {
  it('writes m:ss under an hour, h:mm:ss past it', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(36_000 + 65)).toBe('10:01:05');
  });

  it('drops a fraction and writes a negative as nothing yet', () => {
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(-5)).toBe('0:00');
  });

  it('keeps counting minutes when hours are not wanted (the Clip form, the channel’s clip refusals)', () => {
    expect(formatDuration(65, { hours: false })).toBe('1:05');
    expect(formatDuration(3723, { hours: false })).toBe('62:03');
    expect(formatDuration(7384.5, { hours: false })).toBe('123:04');
  });
});
