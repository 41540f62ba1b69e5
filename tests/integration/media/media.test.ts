import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS, VOD_RENDITIONS } from '../../../channel-api/media/assets.ts';
import { readClock } from '../../../channel-api/media/clock.ts';
import { probe, runFfmpegOutput } from '../../../channel-api/media/ffmpeg.ts';
import { measureBandwidth, parseMasterPlaylist, parseMediaPlaylist } from '../../../channel-api/media/hls-master.ts';
import { prepareMedia } from '../../../channel-api/media/index.ts';
import { forThisFile } from '../support/fixture.ts';
import { parseMaster, rawGet, startMediaServer, tagValue } from '../support/media-server.ts';

/* One asset of each recipe (a game, the short test stream, the live loop): the others are made the
   same way, and every test file's shared media cache (tests/support/media-cache.ts) makes them all. */
const VOD = ['game-1', 'test-pattern'];
const ASSETS = [...VOD, 'live'];
let dataDir: string;
let prepareSeconds = 0;
const logs: string[] = [];

const { server } = forThisFile(
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fieldhouse-media-'));
    const started = Date.now();
    await prepareMedia(dataDir, { assets: ASSETS, log: (line) => logs.push(line) });
    prepareSeconds = (Date.now() - started) / 1000;
    console.log(`prepareMedia (fresh): ${prepareSeconds.toFixed(1)} s\n${logs.join('\n')}`);
    // 2026-11-22T12:00:00Z, on a segment boundary, fixed so assertions do not race the clock.
    const server = await startMediaServer(dataDir, LIVE_EPOCH_MS + 30_715_200_000);
    return {
      server,
      close: async () => {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
  { timeout: 180_000 },
);

/** What the game clock of a file's first frame (or the frame at `seconds`) shows. */
async function clockAt(file: string, seconds?: number): Promise<number | null> {
  const seek = seconds === undefined ? [] : ['-ss', String(seconds)];
  const { stdout } = await runFfmpegOutput([...seek, '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  return readClock(stdout, 640);
}

describe('prepareMedia', () => {
  it('logs its progress, every asset it made, and the end', () => {
    expect(logs[0]).toMatch(/^Preparing demo media 0\/3… \(3 to make with /);
    for (const asset of ASSETS)
      expect(logs.some((line) => new RegExp(`^Preparing demo media [123]/3… \\(${asset} made in [\\d.]+ s\\)$`).test(line))).toBe(true);
    expect(logs.at(-1)).toMatch(/^Demo media ready: 3\/3 \(3 made in [\d.]+ s\)$/);
  });

  it('is idempotent: a second run makes nothing and touches nothing', async () => {
    const marker = path.join(dataDir, 'media', 'game-1', '.complete');
    const before = (await stat(marker)).mtimeMs;
    const again: string[] = [];
    const started = Date.now();
    await prepareMedia(dataDir, { assets: ASSETS, log: (line) => again.push(line) });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(again).toEqual([]);
    expect((await stat(marker)).mtimeMs).toBe(before);
  });

  it('remakes only an asset whose marker is missing (an interrupted run)', async () => {
    await rm(path.join(dataDir, 'media', 'test-pattern', '.complete'));
    const again: string[] = [];
    await prepareMedia(dataDir, { assets: ASSETS, log: (line) => again.push(line) });
    expect(
      again.filter((line) => line.startsWith('Preparing demo media') && line.includes(' made in ')).map((line) => /\((\S+) made in/.exec(line)?.[1]),
    ).toEqual(['test-pattern']);
    expect(again[0]).toMatch(/^Preparing demo media 2\/3… \(1 to make with /);
    expect((await readdir(path.join(dataDir, 'media'))).sort()).toEqual([...ASSETS].sort());
  });
});

describe('VOD over HTTP', () => {
  it.each(VOD)('%s: master lists renditions whose segments play as MPEG-TS', async (asset) => {
    const master = await fetch(`${server.url}/vod/${asset}/master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toBe('no-cache');
    const text = await master.text();
    const variants = parseMaster(text);
    // The main rung first (where a player starts), then the ladder from the bottom.
    expect(variants.map((v) => v.uri)).toEqual(['360p.m3u8', '180p.m3u8', '540p.m3u8']);
    expect(variants[0].attributes).toMatch(/RESOLUTION=640x360/);
    expect(variants[0].attributes).toMatch(/CODECS="avc1\.4d401e,mp4a\.40\.2"/);
    // The ladder rises: more pixels, more bits, as declared and as downloaded.
    const declared = parseMasterPlaylist(text).sort((a, b) => a.height - b.height);
    expect(declared.map((v) => v.height)).toEqual([180, 360, 540]);
    for (let i = 1; i < declared.length; i++) expect(declared[i].bandwidth).toBeGreaterThan(declared[i - 1].bandwidth);
    for (const v of declared) {
      const rung = VOD_RENDITIONS.find((r) => r.height === v.height)!;
      const nominal = (rung.videoKbps + rung.audioKbps) * 1000;
      // Constant bit rate: what a segment weighs is the rung's rate plus MPEG-TS overhead.
      expect(v.averageBandwidth!, v.uri).toBeGreaterThan(nominal * 0.9);
      expect(v.averageBandwidth!, v.uri).toBeLessThan(nominal * 1.3);
      expect(v.bandwidth, v.uri).toBeLessThan(nominal * 1.5);
      const measured = await measureBandwidth(path.join(dataDir, 'media', asset), v.uri);
      expect(measured).toEqual({ peak: v.bandwidth, average: v.averageBandwidth });
    }

    for (const variant of variants) {
      const media = await (await fetch(`${server.url}/vod/${asset}/${variant.uri}`)).text();
      expect(media).toContain('#EXT-X-ENDLIST');
      const segments = parseMediaPlaylist(media);
      const total = segments.reduce((sum, s) => sum + s.duration, 0);
      // A game lasts 3 minutes (GAME_SECONDS), long enough to clip.
      expect(total).toBeCloseTo(asset === 'test-pattern' ? 10 : 180, 0);
      for (const s of segments) expect(s.duration).toBeCloseTo(2, 1);
      const first = await fetch(`${server.url}/vod/${asset}/${segments[0].uri}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('video/mp2t');
      expect(first.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
      // MPEG-TS packets start with the sync byte 0x47.
      expect(new Uint8Array(await first.arrayBuffer())[0]).toBe(0x47);
    }
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const file = await readFile(path.join(dataDir, 'media', 'game-1', 'video.mp4'));
    const res = await fetch(`${server.url}/vod/game-1/video.mp4`, { headers: { Range: 'bytes=100-1123' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-range')).toBe(`bytes 100-1123/${file.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(100, 1124))).toBe(true);

    const tail = await fetch(`${server.url}/vod/game-1/video.mp4`, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(file.length - 10))).toBe(true);
  });

  it('answers an unsatisfiable range with 416 and the size, on a game’s file and on a live segment, cached nowhere', async () => {
    for (const [url, file] of [
      ['/vod/game-1/video.mp4', 'game-1/video.mp4'],
      ['/live/live/v/31.ts', 'live/seg_001.ts'],
    ]) {
      const { size } = await stat(path.join(dataDir, 'media', file));
      const res = await fetch(`${server.url}${url}`, { headers: { Range: `bytes=${size + 10}-` } });
      expect(res.status, url).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ code: 'bad_request', message: 'Requested range not satisfiable' });
    }
  });

  it('video.mp4 is a progressive MP4 with a video stream, moov first (faststart)', async () => {
    const file = path.join(dataDir, 'media', 'game-1', 'video.mp4');
    const hasFfprobe = spawnSync('ffprobe', ['-version'], { stdio: 'ignore' }).status === 0;
    if (hasFfprobe) {
      const out = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' });
      expect(out.stdout).toContain('video,640,360');
    }
    const info = await probe(file);
    expect(info.hasVideo).toBe(true);
    expect(info.hasAudio).toBe(true);
    expect(info.durationSeconds).toBeCloseTo(180, 0);
    const head = (await readFile(file)).subarray(0, 64).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
  });

  it('shows the game clock: segment i starts at 2i s, and so does the MP4 at that time', async () => {
    const dir = path.join(dataDir, 'media', 'game-1');
    expect(await clockAt(path.join(dir, '360p_037.ts'))).toBe(74);
    expect(await clockAt(path.join(dir, '360p_089.ts'))).toBe(178);
    expect(await clockAt(path.join(dir, 'video.mp4'), 125.5)).toBe(125);
  });

  it('serves English WebVTT captions', async () => {
    const res = await fetch(`${server.url}/vod/game-1/captions.vtt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/vtt/);
    const text = await res.text();
    expect(text.startsWith('WEBVTT')).toBe(true);
    expect(text).toContain('Three-pointer from the wing');
    // The whole game has captions, not only the court's first loop.
    expect(text).toContain('00:02:57.000 --> ');
  });

  it('unknown asset or file: 404 with a message', async () => {
    const asset = await fetch(`${server.url}/vod/game-9/master.m3u8`);
    expect(asset.status).toBe(404);
    expect(await asset.json()).toEqual({ code: 'not_found', message: expect.stringContaining('game-9') });
    const file = await fetch(`${server.url}/vod/game-1/nothing.ts`);
    expect(file.status).toBe(404);
    expect(await file.json()).toEqual({ code: 'not_found', message: expect.any(String) });
  });

  it('path traversal never reaches a file', async () => {
    for (const attempt of [
      '/vod/game-1/..%2F..%2F..%2Fetc%2Fpasswd',
      '/vod/game-1/%2e%2e%2fmaster.m3u8',
      '/vod/..%2Flive/meta.json',
      '/vod/game-1/.complete',
      '/vod/game-1/%E0%A4%A',
    ]) {
      const res = await fetch(server.url + attempt);
      expect([400, 404], attempt).toContain(res.status);
      expect(await res.json(), attempt).toEqual({ code: expect.stringMatching(/^(invalid_params|not_found)$/), message: expect.any(String) });
    }
    // Sent raw, a '..' path never matches a media route at all.
    const raw = await rawGet(server.url, '/media/vod/game-1/../../../../etc/passwd');
    expect(raw).toBe(404);
  });
});

describe('live over HTTP', () => {
  it('master has the English subtitles group and one rendition', async () => {
    const res = await fetch(`${server.url}/live/live/master.m3u8`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await res.text();
    expect(text).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en".*URI="subs.m3u8"/);
    expect(parseMaster(text)).toEqual([{ attributes: expect.stringContaining('SUBTITLES="subs"'), uri: 'video.m3u8' }]);
  });

  it('the playlist slides with the clock: media sequence +1 every 2 s', async () => {
    const base = LIVE_EPOCH_MS + 30_715_200_000;
    server.setNow(base);
    const first = await fetch(`${server.url}/live/live/video.m3u8`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const before = await first.text();
    server.setNow(base + 2000);
    const after = await (await fetch(`${server.url}/live/live/video.m3u8`)).text();
    expect(Number(tagValue(after, 'EXT-X-MEDIA-SEQUENCE'))).toBe(Number(tagValue(before, 'EXT-X-MEDIA-SEQUENCE')) + 1);
    expect(before).not.toContain('#EXT-X-ENDLIST');
    expect(parseMediaPlaylist(after)).toHaveLength(4);
  });

  it('segment n is loop file n mod 30, as MPEG-TS', async () => {
    const playlist = await (await fetch(`${server.url}/live/live/video.m3u8`)).text();
    const uri = parseMediaPlaylist(playlist).at(-1)!.uri;
    const n = Number(/v\/(\d+)\.ts/.exec(uri)![1]);
    const res = await fetch(`${server.url}/live/live/${uri}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    const file = await readFile(path.join(dataDir, 'media', 'live', `seg_${String(n % 30).padStart(3, '0')}.ts`));
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
    expect((await fetch(`${server.url}/live/live/v/abc.ts`)).status).toBe(400);
  });

  it('subtitle segments carry X-TIMESTAMP-MAP and the cues of their 2 s', async () => {
    const subs = await (await fetch(`${server.url}/live/live/subs.m3u8`)).text();
    expect(parseMediaPlaylist(subs).every((s) => /^s\/\d+\.vtt$/.test(s.uri))).toBe(true);
    // Segment 60 = loop file 0, which holds the cue that starts the loop.
    const res = await fetch(`${server.url}/live/live/s/60.vtt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/vtt/);
    const text = await res.text();
    expect(text).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
    expect(text).toContain('00:00:00.000 --> ');
    expect(text).toContain('Tip-off');
  });

  it('unknown live stream: 404', async () => {
    const res = await fetch(`${server.url}/live/other/master.m3u8`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'not_found', message: expect.any(String) });
  });
});

describe('before prepareMedia has run', () => {
  it('answers 503 with Retry-After instead of a missing file', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'fieldhouse-media-empty-'));
    const idle = await startMediaServer(empty);
    try {
      for (const p of ['/vod/game-1/master.m3u8', '/live/live/master.m3u8']) {
        const res = await fetch(idle.url + p);
        expect(res.status, p).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
      }
    } finally {
      await idle.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
