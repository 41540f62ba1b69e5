import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, type Event } from '#contract';
import { startApi, testData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* A first start (ADR 047): the channel API listens before its demo media is made, and says so.
 * Its ffmpeg here never finishes (a stand-in that sleeps), so every asset stays unmade while the
 * tests look; close() ends it. */

const started = forThisFile(async () => {
  const data = await testData({ seeded: true });
  const ffmpeg = path.join(data.dataDir, 'slow-ffmpeg.sh');
  fs.writeFileSync(ffmpeg, '#!/bin/sh\nexec sleep 300\n', { mode: 0o755 });
  const t0 = Date.now();
  const api = await startApi({ data, ffmpeg });
  const startSeconds = (Date.now() - t0) / 1000;
  return {
    ...api,
    startSeconds,
    close: async () => {
      await api.close();
      await data.close();
    },
  };
});

describe('a first start, before the demo media is made', () => {
  it('answers at once, and /healthz says how far the media is', async () => {
    // Its ffmpeg never finishes: a start that waited for the media would not have ended at all.
    expect(started.startSeconds).toBeLessThan(60);
    const health = await started.http.request('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.json).toEqual({ ok: true, media: { ready: false, prepared: 0, total: 10, error: null } });
  });

  it('says a finished free game is being prepared, with nothing to play yet', async () => {
    const key = await started.http.apiKey();
    const list = await started.http.request('GET', '/events', { query: { api_key: key, stream_status: 'finished', limit: '100' } });
    const game = (list.json.data as Event[]).find((e) => e.type === 'free');
    expect(game).toBeDefined();
    const res = await started.http.request('GET', `/events/${game!.id}`, { query: { api_key: key } });
    const detail = api.event.response.parse(res.json).data;
    expect(detail.has_access).toBe(true);
    expect(detail.preparing).toBe(true);
    expect(detail.url).toBeNull();
    expect(detail.mp4_url).toBeNull();
  });

  it('answers a media file with 503 and Retry-After, never a 500', async () => {
    for (const file of ['/media/vod/game-1/master.m3u8', '/media/vod/game-1/540p_000.ts', '/media/live/live/master.m3u8']) {
      const res = await fetch(new URL(file, started.server.url));
      expect(res.status, file).toBe(503);
      expect(res.headers.get('retry-after'), file).toBe('5');
      expect(await res.json()).toEqual({ code: expect.any(String), message: 'Media is still being prepared' });
    }
  });
});
