/** WebVTT: write, read, and slice cues into live segments. Pure functions. */

export interface Cue {
  /** seconds */
  start: number;
  /** seconds */
  end: number;
  text: string;
}

export function formatVttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(rest, 3)}`;
}

/** `HH:MM:SS.mmm` or `MM:SS.mmm` → seconds; NaN when malformed. */
export function parseVttTime(text: string): number {
  const match = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, h = '0', m, s, ms] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

export function toVtt(cues: Cue[], headerLines: string[] = []): string {
  const head = ['WEBVTT', ...headerLines].join('\n');
  const body = cues.map((cue) => `${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}\n${cue.text}`);
  return [head, ...body].join('\n\n') + '\n';
}

/** Reads the cues of a WebVTT file (ignores identifiers, settings, NOTE/STYLE blocks). */
export function parseVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.length > 0);
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex < 0) continue;
    const [startText, endAndSettings] = lines[timingIndex].split('-->');
    const start = parseVttTime(startText);
    const end = parseVttTime(endAndSettings.trim().split(/\s+/)[0] ?? '');
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    cues.push({ start, end, text: lines.slice(timingIndex + 1).join('\n') });
  }
  return cues;
}

/**
 * The WebVTT body of live subtitle segment `n` (absolute sequence number): the source cues
 * that START in [2k, 2k+2) with k = n mod loop length, at their source times. The
 * X-TIMESTAMP-MAP ties LOCAL 0 to the MPEG-TS time where the loop's picture starts, which
 * ffmpeg's own VTT segments omit (hls.js would then show cues ~1.4 s early).
 */
export function liveSubtitleSegment(cues: Cue[], n: number, opts: { segmentSeconds: number; loopSegments: number; mpegtsOffset: number }): string {
  const k = n % opts.loopSegments;
  const from = k * opts.segmentSeconds;
  const to = from + opts.segmentSeconds;
  const inSegment = cues.filter((cue) => cue.start >= from && cue.start < to);
  return toVtt(inSegment, [`X-TIMESTAMP-MAP=MPEGTS:${opts.mpegtsOffset},LOCAL:00:00:00.000`]);
}
