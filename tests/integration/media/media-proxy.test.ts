import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { mediaPath, mediaProxy } from '../../../server/media-proxy.ts';
import { MEDIA_TRAVERSALS } from '../../support/traversals.ts';
import { startApi } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* The web server's /media proxy (server/media-proxy.ts) in front of the real channel
   API, mounted as server.ts mounts it. The channel API behind it also serves the channel config
   (with the channel key) and every api call: no spelling of a path may reach those. */

let webUrl: string;
let channelKey: string;

forThisFile(async () => {
  const { server: channel } = await startApi();
  channelKey = ((await (await fetch(`${channel.url}/channels/demo.json`)).json()) as { channel_key: string }).channel_key;
  const app = express();
  app.use('/media', mediaProxy({ target: `${channel.url}/media`, clientIp: () => '127.0.0.1' }));
  app.use((_req, res) => void res.status(418).send('not the proxy'));
  const web = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => web.once('listening', () => resolve()));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  return {
    close: async () => {
      await new Promise((resolve) => web.close(resolve));
      await channel.close();
    },
  };
});

/** GET with the path exactly as given: no client-side normalisation of `..` or escapes. */
function rawGet(
  rawPath: string,
  headers: Record<string, string> = {},
  origin = webUrl,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/media proxy', () => {
  it.each(MEDIA_TRAVERSALS)('refuses %s with a 404 and never the channel key', async (path) => {
    const res = await rawGet(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(channelKey);
  });

  it('forwards media paths: a playlist, a byte range of the MP4, captions and an image', async () => {
    const playlist = await rawGet('/media/vod/game-1/master.m3u8');
    expect(playlist.status).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    expect(playlist.body.startsWith('#EXTM3U')).toBe(true);
    const range = await rawGet('/media/vod/game-1/video.mp4', { Range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(100);
    expect((await rawGet('/media/vod/game-1/captions.vtt')).body.startsWith('WEBVTT')).toBe(true);
    expect((await rawGet('/media/images/conference-logo.svg')).status).toBe(200);
  });

  it('forwards only the path and the media headers: no query string, no cookie', async () => {
    const seen: { url?: string; headers?: http.IncomingHttpHeaders } = {};
    const recorder = http.createServer((req, res) => {
      seen.url = req.url;
      seen.headers = req.headers;
      res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'upstream=1' }).end('ok');
    });
    recorder.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => recorder.once('listening', () => resolve()));
    const app = express().use(
      '/media',
      mediaProxy({ target: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/media`, clientIp: () => '198.51.100.7' }),
    );
    const front = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => front.once('listening', () => resolve()));
    try {
      const res = await fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}/media/vod/game-1/master.m3u8?api_key=x&__proto__=1`, {
        headers: { Cookie: '__session=secret', Range: 'bytes=0-1', Authorization: 'Bearer x' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(seen.url).toBe('/media/vod/game-1/master.m3u8');
      expect(seen.headers?.cookie).toBeUndefined();
      expect(seen.headers?.authorization).toBeUndefined();
      expect(seen.headers?.range).toBe('bytes=0-1');
      expect(seen.headers?.['x-forwarded-for']).toBe('198.51.100.7');
    } finally {
      await new Promise((resolve) => front.close(resolve));
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it('keeps the channel pictures a shared cache may keep, and nothing else (ADR 069)', async () => {
    const hits: string[] = [];
    const recorder = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}${req.headers.range ? ` ${req.headers.range}` : ''}`);
      const shared = !req.url?.includes('private');
      res.writeHead(200, {
        'content-type': req.url?.endsWith('.svg') ? 'image/svg+xml' : 'video/mp2t',
        'cache-control': shared ? 'public, max-age=300' : 'private, max-age=300',
        etag: 'W/"v1"',
        vary: 'Accept-Encoding',
      });
      res.end(`picture ${req.url}`);
    });
    recorder.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => recorder.once('listening', () => resolve()));
    const app = express().use(
      '/media',
      mediaProxy({ target: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/media`, clientIp: () => '127.0.0.1' }),
    );
    const front = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => front.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}/media`;
    try {
      const first = await fetch(`${base}/images/poster-1.svg`);
      expect(first.headers.get('age')).toBeNull();
      expect(await first.text()).toBe('picture /media/images/poster-1.svg');
      const second = await fetch(`${base}/images/poster-1.svg`);
      expect(second.status).toBe(200);
      expect(await second.text()).toBe('picture /media/images/poster-1.svg');
      expect(second.headers.get('content-type')).toBe('image/svg+xml');
      expect(second.headers.get('cache-control')).toBe('public, max-age=300');
      expect(second.headers.get('age')).toBe('0');
      const head = await fetch(`${base}/images/poster-1.svg`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      // As a browser revalidates (fetch() would add Cache-Control: no-cache, which asks for the whole
      // answer), offering the encodings fetch() offered above.
      const encodings = { 'Accept-Encoding': 'gzip, deflate' };
      const origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      const revalidated = await rawGet('/media/images/poster-1.svg', { ...encodings, 'If-None-Match': 'W/"v1"' }, origin);
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.etag).toBe('W/"v1"');
      expect(revalidated.body).toBe('');
      const weakAgainstStrong = await rawGet('/media/images/poster-1.svg', { ...encodings, 'If-None-Match': '"x", "v1"' }, origin);
      expect(weakAgainstStrong.status).toBe(304);
      const otherTag = await rawGet('/media/images/poster-1.svg', { ...encodings, 'If-None-Match': 'W/"v0"' }, origin);
      expect(otherTag.status).toBe(200);
      expect(otherTag.body).toBe('picture /media/images/poster-1.svg');
      // Once: every later answer came from the web server.
      expect(hits.filter((h) => h.includes('poster-1'))).toEqual(['GET /media/images/poster-1.svg']);

      // Not kept: a picture the channel API keeps private, a byte range, and anything that is not a picture.
      await fetch(`${base}/images/private-2.svg`);
      await fetch(`${base}/images/private-2.svg`);
      await fetch(`${base}/images/poster-3.svg`, { headers: { Range: 'bytes=0-3' } });
      await fetch(`${base}/images/poster-3.svg`, { headers: { Range: 'bytes=0-3' } });
      await fetch(`${base}/live/live/v/1.ts`);
      await fetch(`${base}/live/live/v/1.ts`);
      expect(hits.filter((h) => !h.includes('poster-1'))).toEqual([
        'GET /media/images/private-2.svg',
        'GET /media/images/private-2.svg',
        'GET /media/images/poster-3.svg bytes=0-3',
        'GET /media/images/poster-3.svg bytes=0-3',
        'GET /media/live/live/v/1.ts',
        'GET /media/live/live/v/1.ts',
      ]);
    } finally {
      await new Promise((resolve) => front.close(resolve));
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it('answers a kept picture of the real channel API as the channel API did', async () => {
    const first = await fetch(`${webUrl}/media/images/conference-logo.svg`, { headers: { 'Accept-Encoding': 'gzip' } });
    const body = await first.text();
    const second = await fetch(`${webUrl}/media/images/conference-logo.svg`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(second.headers.get('age')).not.toBeNull();
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await second.text()).toBe(body);
    expect(body).toContain('<svg');
  });

  it('answers only GET and HEAD', async () => {
    const res = await fetch(`${webUrl}/media/vod/game-1/master.m3u8`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('normalises nothing: only plain segments pass the path check', () => {
    expect(mediaPath('/vod/game-1/master.m3u8')).toBe('/vod/game-1/master.m3u8');
    expect(mediaPath('/live/live/v/1234.ts?x=1')).toBe('/live/live/v/1234.ts');
    for (const bad of [
      '',
      '/',
      '/..',
      '/.',
      '/a/../b',
      '/a%2fb',
      '/a\\b',
      '//a',
      '/a//b',
      '/a b',
      '/a\u0000',
      '/.env',
      `/${'a'.repeat(513)}`,
      '/a/b/c/d/e/f/g/h/i',
    ])
      expect(mediaPath(bad), JSON.stringify(bad)).toBeNull();
  });
});
