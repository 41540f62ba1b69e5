/**
 * Makes the demo media under `${dataDir}/media/` with ffmpeg, once. Each asset is built in a
 * scratch directory, finished with a `.complete` marker, then renamed into place, so a
 * crash or a concurrent start never leaves a half-made asset that looks ready.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  isLiveAsset,
  LIVE_ASSETS,
  LIVE_LOOP_SEGMENTS,
  LIVE_RENDITION,
  MEDIA_VERSION,
  SEGMENT_SECONDS,
  VOD_ASSETS,
  VOD_MAIN_RENDITION,
  VOD_RENDITIONS,
  type Rendition,
} from './assets.ts';
import { CAPTIONS } from './captions.ts';
import { clockFilter } from './clock.ts';
import { ffmpegPath, probe, runFfmpeg } from './ffmpeg.ts';
import { measureBandwidth, vodMasterPlaylist, type Variant } from './hls-master.ts';
import { SCENES, type Scene } from './scenes.ts';
import { toVtt } from './vtt.ts';

export const COMPLETE_MARKER = '.complete';

/** What the live router needs to know about the encoded loop. */
export interface LiveMeta {
  segments: number;
  /** 90 kHz timestamp of the loop's first frame in the TS segments (for X-TIMESTAMP-MAP). */
  mpegtsOffset: number;
  bandwidth: number;
  width: number;
  height: number;
}

export interface PrepareOptions {
  log?: (message: string) => void;
  /** Defaults to ffmpegPath(). */
  ffmpeg?: string;
  /** Only these assets (tests); defaults to all of them. */
  assets?: string[];
  /** Runs ffmpeg at a low CPU priority: the server's requests come first (a first start). */
  background?: boolean;
  /** Stops the run: ffmpeg is ended, the asset being made is left unmade (no marker), and the
   *  promise rejects. Two callers sharing a run share the first one's signal. */
  signal?: AbortSignal;
}

/** The ffmpeg binary a run uses, what stops it, and whether it yields the CPU to the server. */
interface Ffmpeg {
  bin: string;
  signal?: AbortSignal;
  background?: boolean;
}

export const ALL_ASSETS: string[] = [...VOD_ASSETS, ...LIVE_ASSETS];

const inFlight = new Map<string, Promise<void>>();

export function mediaDirOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'media');
}

export function prepareMedia(dataDir: string, opts: PrepareOptions = {}): Promise<void> {
  const mediaDir = mediaDirOf(dataDir);
  // Two callers in one process share one run instead of racing ffmpeg against itself.
  const key = `${mediaDir}|${(opts.assets ?? ALL_ASSETS).join(',')}`;
  let running = inFlight.get(key);
  if (!running) {
    running = prepareAll(mediaDir, opts).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

/** How many assets are made at once: an ffmpeg run with ultrafast single-threaded encoders uses
 *  about 1.3 cores, so two keep a 2-core machine busy (ADR 040). */
const AT_ONCE = 2;

/** Logs its progress as "Preparing demo media 3/10…", counting the assets already made. */
async function prepareAll(mediaDir: string, opts: PrepareOptions): Promise<void> {
  const log = opts.log ?? ((message: string) => console.log(`[media] ${message}`));
  const ff: Ffmpeg = { bin: opts.ffmpeg ?? ffmpegPath(), signal: opts.signal, background: opts.background };
  await mkdir(mediaDir, { recursive: true });
  const started = Date.now();
  const names = opts.assets ?? ALL_ASSETS;
  for (const name of names) if (!ALL_ASSETS.includes(name)) throw new Error(`Unknown media asset '${name}'`);
  const made = await Promise.all(names.map((name) => isComplete(path.join(mediaDir, name))));
  const queue = names.filter((_, i) => !made[i]);
  if (queue.length === 0) return;
  let ready = names.length - queue.length;
  log(`Preparing demo media ${ready}/${names.length}… (${queue.length} to make with ${ff.bin})`);
  let built = 0;
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      ff.signal?.throwIfAborted();
      const t0 = Date.now();
      if (await prepareOne(mediaDir, name, ff)) built++;
      ready++;
      log(`Preparing demo media ${ready}/${names.length}… (${name} made in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
  log(`Demo media ready: ${names.length}/${names.length} (${built} made in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Makes one asset unless it is complete already; true when it made it. */
async function prepareOne(mediaDir: string, name: string, ff: Ffmpeg): Promise<boolean> {
  const target = path.join(mediaDir, name);
  if (await isComplete(target)) return false;
  const t0 = Date.now();
  const scratch = path.join(mediaDir, `.build-${name}-${process.pid}-${t0}`);
  await mkdir(scratch, { recursive: true });
  try {
    if (isLiveAsset(name)) await buildLive(name, scratch, ff);
    else await buildVod(name, scratch, ff);
    await writeFile(path.join(scratch, COMPLETE_MARKER), JSON.stringify({ version: MEDIA_VERSION, ffmpeg: ff.bin }));
    await moveIntoPlace(scratch, target);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return true;
}

/** Whether an asset's directory holds a complete asset of this media version. */
export async function isComplete(dir: string): Promise<boolean> {
  try {
    const marker = JSON.parse(await readFile(path.join(dir, COMPLETE_MARKER), 'utf8')) as { version?: number };
    return marker.version === MEDIA_VERSION;
  } catch {
    return false;
  }
}

async function moveIntoPlace(scratch: string, target: string): Promise<void> {
  // Another process may have finished the same asset meanwhile: keep theirs.
  if (await isComplete(target)) return;
  await rm(target, { recursive: true, force: true });
  try {
    await rename(scratch, target);
  } catch (error) {
    if (!(await isComplete(target))) throw error;
  }
}

/** The x264 settings every rendition shares: ultrafast (the demo's pictures are flat colours,
 *  and media is made in the background at the first start, ADR 040 and 045), one thread per encoder (two assets
 *  are made at once), a keyframe exactly every 2 s (no scene-cut keyframes) so every segment
 *  is 2.000 s. */
export function x264Args(gop: number): string[] {
  const g = String(gop);
  return [
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-threads', '1', '-profile:v', 'main', '-level', '3.0', '-pix_fmt', 'yuv420p'],
    ...['-g', g, '-keyint_min', g, '-sc_threshold', '0'],
  ];
}

/** A constant video bit rate, filler included (x264's HRD in CBR mode), with a one-second
 *  buffer: each 2 s segment weighs what its rendition declares, whatever the picture. */
export function constantBitRate(kbps: number): string[] {
  const rate = `${kbps}k`;
  return ['-b:v', rate, '-minrate', rate, '-maxrate', rate, '-bufsize', rate, '-x264-params', 'nal-hrd=cbr'];
}

/** The scene's picture, `loopSeconds` long, encoded once (near-lossless) to be looped. */
function loopArgs(scene: Scene, output: string): string[] {
  return [
    ...['-filter_complex', scene.picture, '-map', '[v]', '-t', String(scene.loopSeconds)],
    ...x264Args(scene.fps * SEGMENT_SECONDS),
    ...['-crf', '12', output],
  ];
}

/**
 * The renditions of a scene: its picture (or its encoded loop, repeated), the clock and the
 * progress bar on top, split once per rendition, and the tone.
 */
function encodeArgs(scene: Scene, renditions: Rendition[], outputs: string[], loop: string | null): string[] {
  const n = renditions.length;
  const labels = renditions.map((_, i) => i);
  const d = scene.durationSeconds;
  const overlays = [scene.clock ? clockFilter() : 'null', ...(scene.progressBar ? [`[bar]overlay=x='-w+w*t/${d}':y=352:shortest=1`] : [])];
  const graph = [
    loop ? '[0:v]null[v]' : scene.picture,
    ...(scene.progressBar ? [`color=c=0xFFD600:s=640x8:r=${scene.fps}:d=${d}[bar]`] : []),
    `[v]${overlays[0]}[vc]`,
    `[vc]${overlays.slice(1).join(',') || 'null'},split=${n}${labels.map((i) => `[vs${i}]`).join('')}`,
    // The picture is 640x360; other sizes are scaled (fast_bilinear: flat colours).
    ...renditions.map((r, i) => `[vs${i}]scale=${r.width}:${r.height}:flags=fast_bilinear[v${i}]`),
    `sine=f=${scene.toneHz}:r=48000:d=${d},asplit=${n}${labels.map((i) => `[a${i}]`).join('')}`,
  ].join(';');
  const args = loop ? ['-stream_loop', '-1', '-i', loop] : [];
  args.push('-filter_complex', graph);
  renditions.forEach((r, i) => {
    args.push(
      ...['-map', `[v${i}]`, '-map', `[a${i}]`, '-t', String(d)],
      ...x264Args(scene.fps * SEGMENT_SECONDS),
      ...constantBitRate(r.videoKbps),
      // Without the HRD's buffering-period SEI (ahead of the SPS in each segment), which a browser's
      // own HLS player refuses to decode (PIPELINE_ERROR_DECODE in Chromium); the filler stays.
      ...['-bsf:v', 'filter_units=remove_types=6'],
      ...['-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', '2', '-ar', '48000'],
      ...['-movflags', '+faststart', outputs[i]],
    );
  });
  return args;
}

/** Encodes a scene's renditions as MP4s, through its loop when the picture is shorter than it. */
async function encodeScene(scene: Scene, renditions: Rendition[], outputs: string[], dir: string, ff: Ffmpeg): Promise<void> {
  let loop: string | null = null;
  if (scene.loopSeconds < scene.durationSeconds) {
    loop = path.join(dir, 'loop.mp4');
    await runFfmpeg(loopArgs(scene, loop), ff.bin, ff);
  }
  await runFfmpeg(encodeArgs(scene, renditions, outputs, loop), ff.bin, ff);
  if (loop) await rm(loop, { force: true });
}

/** Cuts an MP4 (keyframes every 2 s) into 2 s MPEG-TS segments without re-encoding. */
export function segmentArgs(mp4: string, dir: string, prefix: string, playlist: string): string[] {
  return [
    ...['-i', mp4, '-map', '0', '-c', 'copy'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', path.join(dir, `${prefix}_%03d.ts`), path.join(dir, playlist)],
  ];
}

async function buildVod(name: string, dir: string, ff: Ffmpeg): Promise<void> {
  const scene = SCENES[name];
  const mp4s = VOD_RENDITIONS.map((r) => path.join(dir, `source-${r.name}.mp4`));
  await encodeScene(scene, VOD_RENDITIONS, mp4s, dir, ff);
  const variants: Variant[] = [];
  for (const [i, r] of VOD_RENDITIONS.entries()) {
    await runFfmpeg(segmentArgs(mp4s[i], dir, r.name, `${r.name}.m3u8`), ff.bin, ff);
    const bandwidth = await measureBandwidth(dir, `${r.name}.m3u8`);
    variants.push({
      playlist: `${r.name}.m3u8`,
      width: r.width,
      height: r.height,
      fps: scene.fps,
      peakBandwidth: bandwidth.peak,
      averageBandwidth: bandwidth.average,
    });
  }
  // The rung players start on first, then the ladder from the bottom.
  const main = VOD_RENDITIONS.indexOf(VOD_MAIN_RENDITION);
  await writeFile(path.join(dir, 'master.m3u8'), vodMasterPlaylist([variants[main], ...variants.filter((_, i) => i !== main)]));
  // The main rung, already faststart, is the progressive download.
  await rename(mp4s[main], path.join(dir, 'video.mp4'));
  for (const mp4 of mp4s.filter((_, i) => i !== main)) await rm(mp4, { force: true });
  await writeFile(path.join(dir, 'captions.vtt'), toVtt(CAPTIONS[name] ?? []));
}

async function buildLive(name: string, dir: string, ff: Ffmpeg): Promise<void> {
  const scene = SCENES[name];
  const mp4 = path.join(dir, 'source.mp4');
  await encodeScene(scene, [LIVE_RENDITION], [mp4], dir, ff);
  await runFfmpeg(segmentArgs(mp4, dir, 'seg', 'loop.m3u8'), ff.bin, ff);
  const segments = (await readdir(dir)).filter((f) => /^seg_\d{3}\.ts$/.test(f)).length;
  if (segments !== LIVE_LOOP_SEGMENTS) {
    throw new Error(`live loop has ${segments} segments, expected ${LIVE_LOOP_SEGMENTS}`);
  }
  // The MPEG-TS muxer delays timestamps (~1.4 s); measure it rather than assume it.
  const { startSeconds } = await probe(path.join(dir, 'seg_000.ts'), ff.bin);
  const bandwidth = await measureBandwidth(dir, 'loop.m3u8');
  const meta: LiveMeta = {
    segments,
    mpegtsOffset: Math.round((startSeconds ?? 1.4) * 90_000),
    bandwidth: bandwidth.peak,
    width: LIVE_RENDITION.width,
    height: LIVE_RENDITION.height,
  };
  await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta, null, 2));
  await writeFile(path.join(dir, 'captions.vtt'), toVtt(CAPTIONS[name] ?? []));
  await rm(mp4, { force: true });
}
