import { describe, expect, it } from 'vitest';
import { concatList, planCut, type Segment } from '../../../../channel-api/media/clip-cut.ts';
import { clipFilename } from '../../../../channel-api/services/clips.ts';

/* Which segments a clip needs, and whether it can be copied (ADR 039). */

const segments: Segment[] = Array.from({ length: 12 }, (_, i) => ({ file: `/m/360p_${String(i).padStart(3, '0')}.ts`, start: i * 2, duration: 2 }));

describe('planCut', () => {
  it('copies a clip whose cuts fall on segment boundaries', () => {
    const plan = planCut(segments, 4, 10);
    expect(plan.aligned).toBe(true);
    expect(plan.offset).toBe(0);
    expect(plan.segments.map((s) => s.start)).toEqual([4, 6, 8, 10, 12]);
  });

  it('re-encodes one whose cut falls inside a segment, from the segments covering it', () => {
    const plan = planCut(segments, 3, 7);
    expect(plan.aligned).toBe(false);
    expect(plan.offset).toBe(1);
    expect(plan.segments.map((s) => s.start)).toEqual([2, 4, 6, 8]);
    expect(planCut(segments, 4, 9).aligned).toBe(false);
  });

  it('refuses a clip outside the media', () => {
    expect(() => planCut(segments, 40, 4)).toThrow(/outside/);
  });
});

describe('concatList', () => {
  it('gives each file its playlist duration and quotes names safely', () => {
    expect(concatList([{ file: "/a/it's.ts", start: 0, duration: 2 }])).toBe("file '/a/it'\\''s.ts'\nduration 2.000000\n");
  });
});

describe('clipFilename', () => {
  it('names the clip and the game, without what file systems refuse', () => {
    expect(clipFilename('Top: "save"/1', 'Boys Basketball: Lakeview at Harbor Point')).toBe('Top save 1 - Boys Basketball Lakeview at Harbor Point.mp4');
    expect(clipFilename('\u0000\u0007', '')).toBe('Clip - Game.mp4');
  });
});
