/**
 * The game clock burnt into the demo media: "MM:SS" of the stream's own time in seven-segment
 * digits made of `drawbox` filters switched on and off by `enable` expressions. drawtext would
 * be simpler but needs fonts, which neither Debian's minimal install nor the npm static ffmpeg
 * can be relied on to have. Each segment's box is drawn when the digit it belongs to is one of
 * the digits that light it, so a frame at t = 74 s reads "01:14".
 */

export type Segment = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g';

/** Which digits light each segment (a top, b top right, c bottom right, d bottom, e bottom
 *  left, f top left, g middle). */
export const LIT_BY: Record<Segment, number[]> = {
  a: [0, 2, 3, 5, 6, 7, 8, 9],
  b: [0, 1, 2, 3, 4, 7, 8, 9],
  c: [0, 1, 3, 4, 5, 6, 7, 8, 9],
  d: [0, 2, 3, 5, 6, 8, 9],
  e: [0, 2, 6, 8],
  f: [0, 4, 5, 6, 8, 9],
  g: [2, 3, 4, 5, 6, 8, 9],
};

/** The segments a digit lights (the inverse of LIT_BY; used by the tests and nowhere else). */
export function segmentsOf(digit: number): Segment[] {
  return (Object.keys(LIT_BY) as Segment[]).filter((s) => LIT_BY[s].includes(digit));
}

/** The four digits of MM:SS at time t, as ffmpeg expressions (commas escaped for a filter graph). */
const DIGITS = ['floor(t/600)', 'mod(floor(t/60)\\,10)', 'floor(mod(t\\,60)/10)', 'mod(floor(t)\\,10)'];

/** The digits of MM:SS that DIGITS computes, in plain arithmetic (for the tests). */
export function clockDigits(seconds: number): number[] {
  const t = Math.floor(seconds);
  return [Math.floor(t / 600), Math.floor(t / 60) % 10, Math.floor((t % 60) / 10), t % 10];
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function segmentBoxes(x: number, y: number, w: number, h: number, t: number): Record<Segment, Box> {
  const half = h / 2;
  return {
    a: { x: x + t, y, w: w - 2 * t, h: t },
    b: { x: x + w - t, y: y + t, w: t, h: half - t },
    c: { x: x + w - t, y: y + half, w: t, h: half - t },
    d: { x: x + t, y: y + h - t, w: w - 2 * t, h: t },
    e: { x, y: y + half, w: t, h: half - t },
    f: { x, y: y + t, w: t, h: half - t },
    g: { x: x + t, y: y + half - t / 2, w: w - 2 * t, h: t },
  };
}

const drawbox = (b: Box, color: string, enable?: string) =>
  `drawbox=x=${b.x}:y=${b.y}:w=${b.w}:h=${b.h}:color=${color}:t=fill${enable ? `:enable='${enable}'` : ''}`;

const CLOCK = { x: 20, y: 30, w: 18, h: 32, t: 4, gap: 6, colon: 14 };

/** Where each digit's segments are drawn in a 640x360 frame: digit i of MM:SS, segment s. */
export function clockLayout(): Record<Segment, Box>[] {
  const { x, y, w, h, t, gap, colon } = CLOCK;
  return DIGITS.map((_, i) => segmentBoxes(x + i * (w + gap) + (i >= 2 ? colon : 0), y, w, h, t));
}

/** A comma-separated filter chain (one input, one output) that draws the clock at the top left. */
export function clockFilter(): string {
  const { x, y, w, h, gap, colon } = CLOCK;
  const parts = [drawbox({ x: x - 6, y: y - 6, w: 4 * w + 3 * gap + colon + 12, h: h + 12 }, 'black@0.7')];
  clockLayout().forEach((boxes, i) => {
    for (const [segment, box] of Object.entries(boxes) as [Segment, Box][]) {
      parts.push(drawbox(box, 'white', LIT_BY[segment].map((v) => `eq(${DIGITS[i]}\\,${v})`).join('+')));
    }
  });
  const colonX = x + 2 * (w + gap) + 1;
  parts.push(drawbox({ x: colonX, y: y + 8, w: 4, h: 4 }, 'white'), drawbox({ x: colonX, y: y + 20, w: 4, h: 4 }, 'white'));
  return parts.join(',');
}

/** The seconds a frame's clock shows (0–5999), read from its luma plane (`width` bytes a row),
 *  or null when a digit is not one: what tests use to tell which moment a piece of media holds. */
export function readClock(luma: Uint8Array, width: number): number | null {
  const digits = clockLayout().map((boxes) => {
    const lit = (Object.entries(boxes) as [Segment, Box][])
      .filter(([, b]) => luma[Math.floor(b.y + b.h / 2) * width + Math.floor(b.x + b.w / 2)] > 128)
      .map(([s]) => s)
      .sort()
      .join('');
    const digit = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => segmentsOf(d).sort().join('') === lit);
    return digit ?? null;
  });
  if (digits.some((d) => d === null)) return null;
  const [m1, m2, s1, s2] = digits as number[];
  return (m1 * 10 + m2) * 60 + s1 * 10 + s2;
}
