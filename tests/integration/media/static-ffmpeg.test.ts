/**
 * The same recipes with the npm static build (2018, no ffprobe), which is what a machine
 * without Debian's ffmpeg uses: the short assets and one game (its court is looped under the clock).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClock } from '../../../channel-api/media/clock.ts';
import { probe, runFfmpegOutput } from '../../../channel-api/media/ffmpeg.ts';
import { parseMediaPlaylist } from '../../../channel-api/media/hls-master.ts';
import { prepareMedia } from '../../../channel-api/media/index.ts';
import { forThisFile } from '../support/fixture.ts';

const staticFfmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
let dataDir: string;

forThisFile(
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fieldhouse-media-static-'));
    await prepareMedia(dataDir, { ffmpeg: staticFfmpeg, assets: ['test-pattern', 'live', 'game-1'], log: () => {} });
    return { close: () => rm(dataDir, { recursive: true, force: true }) };
  },
  { timeout: 180_000 },
);

describe('prepareMedia with @ffmpeg-installer/ffmpeg', () => {
  it('makes a 10 s test pattern: HLS, MP4 with video, captions', async () => {
    const dir = path.join(dataDir, 'media', 'test-pattern');
    const segments = parseMediaPlaylist(await readFile(path.join(dir, '360p.m3u8'), 'utf8'));
    expect(segments).toHaveLength(5);
    const info = await probe(path.join(dir, 'video.mp4'), staticFfmpeg);
    expect(info.hasVideo).toBe(true);
    expect(info.durationSeconds).toBeCloseTo(10, 0);
    expect(await readFile(path.join(dir, 'captions.vtt'), 'utf8')).toMatch(/^WEBVTT/);
  });

  it('makes a 3-minute game from its looped court, with the clock', async () => {
    const dir = path.join(dataDir, 'media', 'game-1');
    expect(parseMediaPlaylist(await readFile(path.join(dir, '360p.m3u8'), 'utf8'))).toHaveLength(90);
    const { stdout } = await runFfmpegOutput(
      ['-i', path.join(dir, '360p_050.ts'), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
      staticFfmpeg,
    );
    expect(readClock(stdout, 640)).toBe(100);
  });

  it('makes the live loop: 30 segments and a measured MPEG-TS offset', async () => {
    const dir = path.join(dataDir, 'media', 'live');
    expect((await readdir(dir)).filter((f) => f.endsWith('.ts'))).toHaveLength(30);
    const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as { mpegtsOffset: number };
    // The mux delay is about 1.4 s (126000 at 90 kHz).
    expect(meta.mpegtsOffset).toBeGreaterThan(100_000);
    expect(meta.mpegtsOffset).toBeLessThan(150_000);
  });
});
