/**
 * Cutting a clip out of a game's HLS segments with ffmpeg (issue 25, ADR 039). A clip whose cuts
 * fall on segment boundaries is the segments themselves, joined by the concat demuxer without
 * re-encoding (exact, a fraction of a second); one whose cut falls inside a segment is re-encoded
 * from the segments that cover it (frame-accurate, about 2 s for 30 s of 360p). Then a 1200×630
 * preview (Open Graph) and a poster from the clip.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIVE_RENDITION, SEGMENT_SECONDS, VOD_MAIN_RENDITION } from './assets.ts';
import { runFfmpeg } from './ffmpeg.ts';
import type { LiveMeta } from './prepare.ts';

/** One segment file and the span of the game's media it holds, seconds. */
export interface Segment {
  file: string;
  start: number;
  duration: number;
}

/** Where a clip comes from: a finished game's recording, or a live game's loop since kick-off. */
export type ClipSource = { kind: 'vod'; asset: string } | { kind: 'live'; asset: string; kickoffSegment: number };

/** The rendition clips are cut from (a recording's main rung, 360p): its files and size. */
export const CLIP_RENDITION = { vod: VOD_MAIN_RENDITION, live: LIVE_RENDITION } as const;

/** A recording's segments, from its main rendition's playlist. */
export async function vodSegments(assetDir: string): Promise<Segment[]> {
  const text = await readFile(path.join(assetDir, `${CLIP_RENDITION.vod.name}.m3u8`), 'utf8');
  const segments: Segment[] = [];
  let start = 0;
  let duration: number | null = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) duration = Number(inf[1]);
    else if (line && !line.startsWith('#') && duration !== null) {
      // Only a plain file name beside the playlist: nothing the playlist names leaves the asset.
      if (!/^[A-Za-z0-9_-]+\.ts$/.test(line)) throw new Error(`unexpected segment ${line}`);
      segments.push({ file: path.join(assetDir, line), start, duration });
      start += duration;
      duration = null;
    }
  }
  return segments;
}

/** How long a recording lasts, seconds. */
export const mediaSeconds = (segments: Segment[]) => segments.reduce((sum, s) => sum + s.duration, 0);

/** The live loop's segments covering game time [from, to): absolute segment kickoff + floor(t / 2)
 *  is file seg_%03d of (that mod the loop's length), as the live playlists count (live-playlist.ts). */
export async function liveSegments(assetDir: string, kickoffSegment: number, from: number, to: number): Promise<Segment[]> {
  const meta = JSON.parse(await readFile(path.join(assetDir, 'meta.json'), 'utf8')) as LiveMeta;
  const segments: Segment[] = [];
  for (let i = Math.floor(from / SEGMENT_SECONDS); i * SEGMENT_SECONDS < to; i++) {
    const n = (kickoffSegment + i) % meta.segments;
    segments.push({ file: path.join(assetDir, `seg_${String(n).padStart(3, '0')}.ts`), start: i * SEGMENT_SECONDS, duration: SEGMENT_SECONDS });
  }
  return segments;
}

export interface CutPlan {
  /** The segments the clip touches, in order. */
  segments: Segment[];
  /** Seconds into the first segment where the clip starts. */
  offset: number;
  duration: number;
  /** Both cuts fall on segment boundaries: the segments are copied, not re-encoded. */
  aligned: boolean;
}

const EPSILON = 0.001;

/** Which segments a clip of [start, start + duration) needs, and whether it can be copied. */
export function planCut(all: Segment[], start: number, duration: number): CutPlan {
  const end = start + duration;
  const segments = all.filter((s) => s.start + s.duration > start + EPSILON && s.start < end - EPSILON);
  if (segments.length === 0) throw new Error('the clip lies outside the media');
  const first = segments[0];
  const last = segments[segments.length - 1];
  const aligned = Math.abs(first.start - start) < EPSILON && Math.abs(last.start + last.duration - end) < EPSILON;
  return { segments, offset: start - first.start, duration, aligned };
}

/** The concat demuxer's list: each file with its playlist duration, so the joins add no gaps
 *  (a TS file's own span, audio to video, is ~0.07 s longer than its segment). */
export function concatList(segments: Segment[]): string {
  return segments.map((s) => `file '${s.file.replace(/'/g, "'\\''")}'\nduration ${s.duration.toFixed(6)}\n`).join('');
}

export interface CutOptions {
  plan: CutPlan;
  /** A scratch directory: clip.mp4, preview.jpg and poster.jpg are written here. */
  dir: string;
  bin: string;
  /** ffmpeg is killed after this long. */
  timeoutMs: number;
  /** 0–100, as ffmpeg reports its progress. */
  onProgress?: (percent: number) => void;
}

/** Makes the clip's three files in `dir`. */
export async function cutClip(opts: CutOptions): Promise<void> {
  const { plan, dir, bin } = opts;
  const list = path.join(dir, 'segments.txt');
  await writeFile(list, concatList(plan.segments));
  const video = path.join(dir, 'clip.mp4');
  const input = ['-f', 'concat', '-safe', '0', '-i', list];
  const encode = plan.aligned
    ? ['-map', '0:v:0', '-map', '0:a:0', '-c', 'copy']
    : [
        ...['-ss', plan.offset.toFixed(3), '-t', String(plan.duration), '-map', '0:v:0', '-map', '0:a:0'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-level', '3.0', '-pix_fmt', 'yuv420p', '-crf', '23'],
        ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', '48000'],
      ];
  // A frame a little in (the first one of a cut may be black on a real stream), taken from the
  // segments while the clip is made: the poster at the clip's size, and Open Graph's 1200×630
  // preview (scaled to cover, centred, cropped), from one decode.
  const at = (plan.offset + Math.min(1, plan.duration / 2)).toFixed(3);
  const cover = 'scale=1200:630:force_original_aspect_ratio=increase,crop=1200:630';
  const images = runFfmpeg(
    [
      ...['-ss', at, ...input, '-filter_complex', `[0:v:0]split=2[poster][wide];[wide]${cover}[preview]`],
      ...['-map', '[poster]', '-frames:v', '1', '-q:v', '3', path.join(dir, 'poster.jpg')],
      ...['-map', '[preview]', '-frames:v', '1', '-q:v', '4', path.join(dir, 'preview.jpg')],
    ],
    bin,
  );
  const clip = runWithProgress(bin, [...input, ...encode, '-movflags', '+faststart', video], plan.duration, opts);
  // Both end before an error is thrown: nothing still writes into the directory then.
  for (const result of await Promise.allSettled([clip, images])) if (result.status === 'rejected') throw result.reason;
}

/** Runs ffmpeg with `-progress pipe:1`, reporting percent done, killed after the timeout. */
function runWithProgress(bin: string, args: string[], seconds: number, opts: CutOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-progress', 'pipe:1', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let reported = -1;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      for (const m of chunk.matchAll(/out_time_us=(\d+)/g)) {
        const percent = Math.min(99, Math.floor(Number(m[1]) / 10_000 / seconds));
        if (percent > reported) {
          reported = percent;
          opts.onProgress?.(percent);
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new Error(`ffmpeg took longer than ${opts.timeoutMs / 1000} s and was stopped`));
      else if (code !== 0) reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
      else resolve();
    });
  });
}
