/**
 * Pre-roll ads as media (ADR 050): an operator's ad video, made into the games' own HLS ladder
 * (180p/360p/540p, constant bit rates, 25 fps, a keyframe every 2 s, AAC 48 kHz stereo), so its
 * segments stitch in front of any game's (media/stitch.ts). Made once per file content, under
 * `${dataDir}/media/prerolls/ad-<hash>/`, like the demo media: in a scratch directory, finished
 * with a `.complete` marker, then renamed into place.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_VERSION, SEGMENT_SECONDS, VOD_RENDITIONS } from './assets.ts';
import { ffmpegPath, probe, runFfmpeg } from './ffmpeg.ts';
import { parseMediaPlaylist } from './hls-master.ts';
import { COMPLETE_MARKER, constantBitRate, isComplete, mediaDirOf, segmentArgs, x264Args } from './prepare.ts';

/** The games' frame rate (scenes.ts): the ad's is the same, so nothing changes at the seam. */
const FPS = 25;
/** The longest ad the import takes: a pre-roll, not a programme. */
export const MAX_AD_SECONDS = 60;

/** What the import stores about a prepared ad: its media name and its length. */
export interface PreparedAd {
  ad: string;
  duration: number;
}

/** One rendition's segments of a prepared ad (file names and lengths). */
export interface AdSegment {
  uri: string;
  duration: number;
}

export interface AdMedia {
  /** By rendition name ('360p'). */
  renditions: Record<string, AdSegment[]>;
  duration: number;
}

/** The folder the ads live in, under the media directory: served at /media/prerolls/<ad>/. */
export const prerollMediaDir = (dataDir: string) => path.join(mediaDirOf(dataDir), 'prerolls');

const AD_NAME = /^ad-[0-9a-f]{16}$/;
export const isAdName = (name: string) => AD_NAME.test(name);

/** Makes an ad's renditions from a video file (any container ffmpeg reads, with or without
 *  sound), unless this content was made already. */
export async function prepareAd(file: string, dataDir: string, opts: { ffmpeg?: string; log?: (m: string) => void } = {}): Promise<PreparedAd> {
  const bin = opts.ffmpeg ?? ffmpegPath();
  const bytes = await readFile(file);
  const ad = `ad-${createHash('sha256').update(`v${MEDIA_VERSION}|`).update(bytes).digest('hex').slice(0, 16)}`;
  const target = path.join(prerollMediaDir(dataDir), ad);
  if (!(await isComplete(target))) {
    const info = await probe(file, bin);
    if (!info.hasVideo) throw new Error(`${file}: no video stream`);
    if (info.durationSeconds === null || info.durationSeconds <= 0) throw new Error(`${file}: its length cannot be read`);
    if (info.durationSeconds > MAX_AD_SECONDS) throw new Error(`${file}: lasts ${info.durationSeconds.toFixed(1)} s, more than ${MAX_AD_SECONDS} s`);
    opts.log?.(`Preparing the ad ${path.basename(file)} (${info.durationSeconds.toFixed(1)} s)…`);
    const scratch = path.join(prerollMediaDir(dataDir), `.build-${ad}-${process.pid}-${Date.now()}`);
    await mkdir(scratch, { recursive: true });
    try {
      await encodeAd(file, info.hasAudio, info.durationSeconds, scratch, bin);
      await writeFile(path.join(scratch, COMPLETE_MARKER), JSON.stringify({ version: MEDIA_VERSION, source: path.basename(file) }));
      if (!(await isComplete(target))) {
        await rm(target, { recursive: true, force: true });
        await rename(scratch, target).catch(async (error: unknown) => {
          if (!(await isComplete(target))) throw error;
        });
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return { ad, duration: readAdMedia(dataDir, ad)!.duration };
}

/** Each rung scaled into the frame (letterboxed when the source is not 16:9), at the games' frame
 *  rate and bit rates; a source without sound gets silence (every segment carries audio, as the
 *  games' do). */
async function encodeAd(file: string, hasAudio: boolean, seconds: number, dir: string, bin: string): Promise<void> {
  const n = VOD_RENDITIONS.length;
  const graph = [
    `[0:v]fps=${FPS},split=${n}${VOD_RENDITIONS.map((_, i) => `[s${i}]`).join('')}`,
    ...VOD_RENDITIONS.map(
      (r, i) =>
        `[s${i}]scale=${r.width}:${r.height}:force_original_aspect_ratio=decrease,pad=${r.width}:${r.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p[v${i}]`,
    ),
    `${hasAudio ? '[0:a]' : '[1:a]'}aresample=48000,asplit=${n}${VOD_RENDITIONS.map((_, i) => `[a${i}]`).join('')}`,
  ].join(';');
  const args = ['-i', file, ...(hasAudio ? [] : ['-f', 'lavfi', '-i', `anullsrc=r=48000:cl=stereo`]), '-filter_complex', graph];
  const mp4s = VOD_RENDITIONS.map((r) => path.join(dir, `source-${r.name}.mp4`));
  VOD_RENDITIONS.forEach((r, i) => {
    args.push(
      ...['-map', `[v${i}]`, '-map', `[a${i}]`, '-t', seconds.toFixed(3)],
      ...x264Args(FPS * SEGMENT_SECONDS),
      ...constantBitRate(r.videoKbps),
      ...['-bsf:v', 'filter_units=remove_types=6'],
      ...['-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', '2', '-ar', '48000'],
      ...['-movflags', '+faststart', mp4s[i]],
    );
  });
  await runFfmpeg(args, bin);
  for (const [i, r] of VOD_RENDITIONS.entries()) {
    await runFfmpeg(segmentArgs(mp4s[i], dir, r.name, `${r.name}.m3u8`), bin);
    await rm(mp4s[i], { force: true });
  }
}

const read = new Map<string, AdMedia>();

/** A prepared ad's segments, read once (a made ad never changes under its name); null when it
 *  is not there (yet). */
export function readAdMedia(dataDir: string, ad: string): AdMedia | null {
  if (!isAdName(ad)) return null;
  const dir = path.join(prerollMediaDir(dataDir), ad);
  const key = dir;
  const known = read.get(key);
  if (known) return known;
  try {
    const marker = JSON.parse(readFileSync(path.join(dir, COMPLETE_MARKER), 'utf8')) as { version?: number };
    if (marker.version !== MEDIA_VERSION) return null;
    const renditions: Record<string, AdSegment[]> = {};
    for (const r of VOD_RENDITIONS) renditions[r.name] = parseMediaPlaylist(readFileSync(path.join(dir, `${r.name}.m3u8`), 'utf8'));
    const main = renditions[VOD_RENDITIONS[1].name];
    const media: AdMedia = { renditions, duration: Math.round(main.reduce((sum, s) => sum + s.duration, 0) * 1000) / 1000 };
    read.set(key, media);
    return media;
  } catch {
    return null;
  }
}

/** Prepares every ad a channel description's pre-rolls name (`settings.prerolls[].media`, absolute
 *  or relative to `baseDir`), keyed as written: what seed/load.ts stores with each pre-roll. A
 *  description that is not valid is left to the loader to refuse with its reasons. */
export async function prepareDescribedAds(
  description: unknown,
  baseDir: string,
  dataDir: string,
  opts: { log?: (m: string) => void } = {},
): Promise<Map<string, PreparedAd>> {
  const prepared = new Map<string, PreparedAd>();
  const settings = (description as { settings?: { prerolls?: unknown } } | null)?.settings;
  if (!Array.isArray(settings?.prerolls)) return prepared;
  for (const p of settings.prerolls as { media?: unknown }[]) {
    if (typeof p?.media !== 'string' || p.media === '' || prepared.has(p.media)) continue;
    const file = path.resolve(baseDir, p.media);
    if (!existsSync(file)) throw new Error(`the pre-roll ad '${p.media}' is not there (${file})`);
    prepared.set(p.media, await prepareAd(file, dataDir, { log: opts.log ?? ((m) => console.log(m)) }));
  }
  return prepared;
}
