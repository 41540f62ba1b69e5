import { describe, expect, it } from 'vitest';
import { clockDigits, clockFilter, clockLayout, readClock, segmentsOf } from '../../../../channel-api/media/clock.ts';

/** A 640x360 luma plane with the segments of `seconds` drawn white on black, as the filter would. */
function frameShowing(seconds: number): Uint8Array {
  const luma = new Uint8Array(640 * 360);
  clockLayout().forEach((boxes, i) => {
    for (const segment of segmentsOf(clockDigits(seconds)[i])) {
      const b = boxes[segment];
      for (let y = b.y; y < b.y + b.h; y++) luma.fill(235, y * 640 + b.x, y * 640 + b.x + b.w);
    }
  });
  return luma;
}

describe('the game clock (channel-api/media/clock.ts)', () => {
  it('lights the usual seven segments for each digit', () => {
    expect(segmentsOf(1)).toEqual(['b', 'c']);
    expect(segmentsOf(7)).toEqual(['a', 'b', 'c']);
    expect(segmentsOf(8)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(segmentsOf(0)).not.toContain('g');
    // Every digit has a pattern of its own, so a frame's clock reads one way only.
    expect(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => segmentsOf(d).join(''))).size).toBe(10);
  });

  it('splits a time into the digits of MM:SS', () => {
    expect(clockDigits(0)).toEqual([0, 0, 0, 0]);
    expect(clockDigits(74.9)).toEqual([0, 1, 1, 4]);
    expect(clockDigits(179)).toEqual([0, 2, 5, 9]);
    expect(clockDigits(3599)).toEqual([5, 9, 5, 9]);
  });

  it('reads back what it draws', () => {
    for (const seconds of [0, 9, 74, 128, 180, 599]) expect(readClock(frameShowing(seconds), 640)).toBe(seconds);
    expect(readClock(new Uint8Array(640 * 360), 640)).toBeNull();
  });

  it('is a filter chain of drawboxes only, switched by the stream time', () => {
    const chain = clockFilter().split(',drawbox=');
    // A background, 4 digits of 7 segments, and the colon's two dots.
    expect(chain).toHaveLength(1 + 28 + 2);
    expect(clockFilter()).not.toContain('drawtext');
    expect(clockFilter()).toContain("enable='eq(floor(t/600)\\,0)");
  });
});
