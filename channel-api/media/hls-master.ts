/** VOD master playlists, with bandwidth measured from the segments ffmpeg actually wrote. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CODECS } from './assets.ts';

export interface Variant {
  playlist: string;
  width: number;
  height: number;
  fps: number;
  /** bits per second of the heaviest segment */
  peakBandwidth: number;
  /** bits per second over the whole rendition */
  averageBandwidth: number;
}

/** Segment URIs and durations of a media playlist. */
export function parseMediaPlaylist(text: string): { uri: string; duration: number }[] {
  const segments: { uri: string; duration: number }[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, duration });
      duration = null;
    }
  }
  return segments;
}

export async function measureBandwidth(dir: string, playlist: string): Promise<{ peak: number; average: number }> {
  const segments = parseMediaPlaylist(await readFile(path.join(dir, playlist), 'utf8'));
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const segment of segments) {
    const size = (await stat(path.join(dir, segment.uri))).size * 8;
    peak = Math.max(peak, size / segment.duration);
    bits += size;
    seconds += segment.duration;
  }
  return { peak: Math.ceil(peak), average: Math.ceil(seconds > 0 ? bits / seconds : 0) };
}

export function vodMasterPlaylist(variants: Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.peakBandwidth},AVERAGE-BANDWIDTH=${v.averageBandwidth},` +
        `RESOLUTION=${v.width}x${v.height},FRAME-RATE=${v.fps.toFixed(3)},CODECS="${CODECS}"`,
      v.playlist,
    );
  }
  return lines.join('\n') + '\n';
}

/** A master playlist's variants as a player reads them (the tests check the ladder with it). */
export function parseMasterPlaylist(text: string): { uri: string; bandwidth: number; averageBandwidth: number | null; width: number; height: number }[] {
  const lines = text.split('\n').map((l) => l.trim());
  return lines.flatMap((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1]);
    const average = /AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1];
    const [width, height] = (/RESOLUTION=(\d+)x(\d+)/.exec(line) ?? []).slice(1).map(Number);
    return [{ uri: lines[i + 1], bandwidth, averageBandwidth: average === undefined ? null : Number(average), width, height }];
  });
}
