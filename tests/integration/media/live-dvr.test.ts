/**
 * A live game's DVR playlists over HTTP (ADR 040): an EVENT playlist from its kick-off, ENDLIST
 * once it is over, the start variants, compression, and bad input refused with a 4xx.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LIVE_EPOCH_MS } from '../../../channel-api/media/assets.ts';
import { linkSharedMedia } from '../../support/media-cache.ts';
import { forThisFile } from '../support/fixture.ts';
import { parseMaster, startMediaServer, tagValue } from '../support/media-server.ts';

// A two-hour game kicking off 2026-11-22T12:00:00Z (segment 15,357,600 of the live clock).
const kickoff = (LIVE_EPOCH_MS + 30_715_200_000) / 1000;
const game = `${kickoff}-7200`;
const base = () => `${server.url}/live/live/${game}`;
const at = (secondsIntoGame: number) => server.setNow((kickoff + secondsIntoGame) * 1000);
const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

const { server } = forThisFile(
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldhouse-dvr-'));
    await linkSharedMedia(dataDir);
    const server = await startMediaServer(dataDir, kickoff * 1000, [{ asset: 'live', eventUtcTs: kickoff, duration: 7200, alwaysLive: false }]);
    return {
      server,
      close: async () => {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
  { timeout: 300_000 },
);

describe('a live game’s DVR stream', () => {
  it('master names the game’s video playlist and the subtitles group', async () => {
    at(60);
    const res = await fetch(`${base()}/master.m3u8`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await res.text();
    expect(parseMaster(text).map((v) => v.uri)).toEqual(['video.m3u8']);
    expect(text).toContain('URI="subs.m3u8"');
    expect(text).not.toContain('EXT-X-START');
  });

  it('keeps every segment since the kick-off, with absolute numbers that fetch the loop', async () => {
    at(20 * 60);
    const text = await (await fetch(`${base()}/video.m3u8`)).text();
    expect(tagValue(text, 'EXT-X-PLAYLIST-TYPE')).toBe('EVENT');
    expect(tagValue(text, 'EXT-X-MEDIA-SEQUENCE')).toBe('15357600');
    const segments = uris(text);
    expect(segments).toHaveLength(600);
    expect(segments[0]).toBe('../v/15357600.ts');
    expect(text.split('\n').filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))[0]).toBe(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(kickoff * 1000).toISOString()}`,
    );
    expect(text).not.toContain('#EXT-X-ENDLIST');
    // Resolved against the playlist, a URI is the live stream's own segment.
    const segment = await fetch(new URL(segments[10], `${base()}/video.m3u8`));
    expect(segment.url).toBe(`${server.url}/live/live/v/15357610.ts`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const subs = await (await fetch(`${base()}/subs.m3u8`)).text();
    expect(uris(subs)[0]).toBe('../s/15357600.vtt');
  });

  it('ends when the game does: the same playlist with ENDLIST, which never changes again', async () => {
    at(7200 + 30);
    const over = await (await fetch(`${base()}/video.m3u8`)).text();
    expect(over.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(uris(over)).toHaveLength(3600);
    at(7200 + 3600);
    expect(await (await fetch(`${base()}/video.m3u8`)).text()).toBe(over);
  });

  it('starts from the kick-off or 30 s behind live where the link says: time-shifted playlists', async () => {
    at(600);
    const live = await (await fetch(`${base()}/video.m3u8`)).text();
    // −30 s: the same stream 30 s behind, its subtitles with it.
    const back = await (await fetch(`${base()}/back-30.m3u8`)).text();
    expect(parseMaster(back).map((v) => v.uri)).toEqual(['video-back-30.m3u8']);
    expect(back).toContain('URI="subs-back-30.m3u8"');
    expect(back).not.toContain('EXT-X-START');
    const backVideo = await (await fetch(`${base()}/video-back-30.m3u8`)).text();
    expect(uris(backVideo)).toEqual(uris(live).slice(0, -15));
    expect(uris(await (await fetch(`${base()}/subs-back-30.m3u8`)).text())).toEqual(
      uris(backVideo).map((u) => u.replace(/^\.\.\/v\/(\d+)\.ts$/, '../s/$1.vtt')),
    );
    // From the kick-off: shifted by the time since it, as of when the player asks for the master.
    at(600.5);
    const kickoffMaster = await (await fetch(`${base()}/kickoff.m3u8`)).text();
    const [{ uri }] = parseMaster(kickoffMaster);
    expect(uri).toBe('video-back-594.m3u8');
    expect(kickoffMaster).toContain('URI="subs-back-594.m3u8"');
    at(601);
    const fromKickoff = await (await fetch(`${base()}/${uri}`)).text();
    expect(uris(fromKickoff)).toEqual(['../v/15357600.ts', '../v/15357601.ts', '../v/15357602.ts']);
    expect(tagValue(fromKickoff, 'EXT-X-PLAYLIST-TYPE')).toBe('EVENT');
    // …and then it advances in real time, as live does.
    at(661);
    expect(uris(await (await fetch(`${base()}/${uri}`)).text())).toHaveLength(33);
    // The game over, a kick-off link plays its complete playlist from the start.
    at(7200 + 10);
    expect(parseMaster(await (await fetch(`${base()}/kickoff.m3u8`)).text()).map((v) => v.uri)).toEqual(['video.m3u8']);
    // The shifted stream ends 30 s after the game.
    expect(await (await fetch(`${base()}/video-back-30.m3u8`)).text()).not.toContain('#EXT-X-ENDLIST');
    at(7200 + 62);
    expect(await (await fetch(`${base()}/video-back-30.m3u8`)).text()).toBe(await (await fetch(`${base()}/video.m3u8`)).text());
  });

  it('compresses the long playlist once for everyone, as the request accepts', async () => {
    at(7000);
    const plain = await (await fetch(`${base()}/video.m3u8`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer();
    const { request } = await import('node:http');
    const gzipped = await new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
      const req = request(`${base()}/video.m3u8`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(gzipped.encoding).toBe('gzip');
    expect(gzipped.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gzipped.body).equals(Buffer.from(plain))).toBe(true);
    // ~270 KB of text for 3,500 segments goes as a small fraction of it.
    expect(plain.byteLength).toBeGreaterThan(200_000);
    expect(gzipped.body.length).toBeLessThan(plain.byteLength / 8);
  });

  it('refuses bad input with a 4xx and a reason', async () => {
    at(60);
    const cases: [string, number][] = [
      [`${server.url}/live/live/abc-7200/master.m3u8`, 400],
      [`${server.url}/live/live/${kickoff}-0/master.m3u8`, 400],
      [`${server.url}/live/live/${kickoff}-999999/master.m3u8`, 400],
      [`${server.url}/live/live/${kickoff}/master.m3u8`, 400],
      [`${server.url}/live/live/1000-7200/master.m3u8`, 400],
      [`${server.url}/live/live/99999999999999-7200/master.m3u8`, 400],
      [`${base()}/other.m3u8`, 404],
      [`${base()}/video-kickoff.m3u8`, 404],
      // A shift written any other way than plain digits, or beyond a day.
      [`${base()}/video-back-030.m3u8`, 404],
      [`${base()}/video-back-0.m3u8`, 404],
      [`${base()}/video-back--30.m3u8`, 404],
      [`${base()}/video-back-1e3.m3u8`, 404],
      [`${base()}/video-back-86401.m3u8`, 404],
      [`${base()}/video-back-3600.m3u8`, 404],
      [`${base()}/subs-back-99999999999.m3u8`, 404],
      [`${server.url}/live/nope/${game}/master.m3u8`, 404],
      // Before its kick-off a game has no stream yet.
      [`${server.url}/live/live/${kickoff + 3600}-7200/video.m3u8`, 404],
      // Only a real game answers (ADR 057): another kick-off or length of the stream is no game.
      [`${server.url}/live/live/${kickoff - 1}-7200/master.m3u8`, 404],
      [`${server.url}/live/live/${kickoff}-7201/video.m3u8`, 404],
      [`${server.url}/live/live/${kickoff - 7200}-7200/video.m3u8`, 404],
      // Longer than a DVR playlist covers (six hours).
      [`${server.url}/live/live/${kickoff}-21601/master.m3u8`, 400],
      // A shift from before the kick-off (60 s into the game; back-30 is always there).
      [`${base()}/video-back-61.m3u8`, 404],
    ];
    for (const [url, status] of cases) {
      const res = await fetch(url);
      expect(res.status, url).toBe(status);
      expect(await res.json(), url).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
  });
});
