import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, PREROLL_DISMISS_SECONDS, type Event, type EventDetail } from '#contract';
import { users } from '../../../channel-api/db/schema.ts';
import { readAdMedia } from '../../../channel-api/media/preroll-media.ts';
import { prepareDescribedAds } from '../../../channel-api/media/preroll-media.ts';
import type { PrerollMoment } from '../../../channel-api/media/preroll-moments.ts';
import { demoChannel } from '../../../channel-api/seed/demo-channel.ts';
import { loadChannel } from '../../../channel-api/seed/load.ts';
import { onPostgres, startApi, testData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* Pre-roll ads (ADR 050) on the channel API: a channel described with pre-rolls (its ad prepared by
   the import's own code), who gets one before a game, the stitched playlists a player reads, a
   fan's dismissal and the click-through, and the moments each reports. */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const AD_FILE = 'channel-api/seed/demo/lakeshore-ad.mp4';
const LINK = 'https://sponsor.example/offer';

const moments: PrerollMoment[] = [];
let games: Event[];
/** The venue (location id) of the first pre-roll. */
let venue: number;

/** The demo channel with two pre-rolls: the first only before basketball games at one venue
 *  (matched through the sport, the games' parent category), the second everywhere, no link. */
function described(venueKey: string) {
  const channel = demoChannel();
  channel.settings.prerolls = [
    { media: AD_FILE, locations: [venueKey], categories: ['basketball'], skip_after_seconds: 5, link: LINK },
    { media: AD_FILE, skip_after_seconds: 0, starts: '2020-01-01', ends: '2999-12-31' },
  ];
  return channel;
}

/** A channel API on fresh data, the demo loaded again with pre-rolls through the import's own code. */
async function startWithPrerolls() {
  const data = await testData({ media: true });
  const api = await startApi({ data, prerollMoments: (m) => moments.push(m) });
  const close = async () => {
    await api.close();
    await data.close();
  };
  try {
    // A finished free basketball game's venue.
    const venueKey = demoChannel().events!.find(
      (e) => e.type === 'free' && !e.always_live && (e.start_offset_seconds ?? 0) + e.duration < 0 && e.category?.startsWith('basketball'),
    )!.location!;
    const description = described(venueKey);
    const prerollMedia = await prepareDescribedAds(description, ROOT, data.dataDir, { log: () => undefined });
    await loadChannel(api.server.db, description, { prerollMedia });
    return { ...api, data, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const started = forThisFile(startWithPrerolls, {
  timeout: 180_000,
  arrange: async ({ http }) => {
    const key = await http.apiKey();
    games = (await http.request('GET', '/events', { query: { api_key: key, limit: '100' } })).json.data;
    venue = (await http.request('GET', '/settings')).json.data.prerolls[0].location_ids[0];
  },
});
const data = {
  get dataDir() {
    return started.data.dataDir;
  },
};

const { request } = { request: (...args: Parameters<Awaited<ReturnType<typeof startApi>>['http']['request']>) => started.http.request(...args) };
const detail = async (key: string, id: number): Promise<EventDetail> =>
  api.event.response.parse((await request('GET', `/events/${id}`, { query: { api_key: key } })).json).data;
const media = (p: string) => fetch(new URL(p, started.server.url));
const basketballAtVenue = () => {
  const venueGame = games.find(
    (g) => g.stream_status === 'finished' && g.type === 'free' && g.location_id === venue && g.event_categories.some((c) => c.alias.startsWith('basketball')),
  );
  return venueGame!;
};
const elsewhere = (g: Event) =>
  games.find(
    (o) =>
      o.stream_status === 'finished' &&
      o.type === 'free' &&
      o.location_id !== g.location_id &&
      !o.event_categories.some((c) => c.alias.startsWith('basketball')),
  )!;

describe(`pre-rolls (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: 60_000 }, () => {
  it('the settings list the pre-rolls, their ad prepared into the games’ ladder', async () => {
    const settings = (await request('GET', '/settings')).json.data;
    expect(settings.prerolls).toHaveLength(2);
    expect(settings.prerolls[0]).toMatchObject({ id: 1, duration: 8, skip_after_seconds: 5, has_link: true });
    expect(settings.prerolls[0]).not.toHaveProperty('link');
    expect(settings.prerolls[1]).toMatchObject({ id: 2, location_ids: [], category_ids: [], has_link: false, starts: Date.UTC(2020, 0, 1) / 1000 });
    const ad = readAdMedia(data.dataDir, /prerolls\/(ad-[0-9a-f]+)\//.exec(settings.prerolls[0].video_url)![1])!;
    expect(Object.keys(ad.renditions)).toEqual(['180p', '360p', '540p']);
    expect(ad.renditions['360p'].map((s) => s.duration)).toEqual([2, 2, 2, 2]);
    expect((await media(settings.prerolls[0].video_url)).status).toBe(200);
  });

  it('a visitor gets the first pre-roll that matches the game’s venue and sport, another game the one for everywhere', async () => {
    const key = await started.http.apiKey();
    const game = basketballAtVenue();
    expect((await detail(key, game.id)).preroll).toEqual({ id: 1, duration: 8, skip_after_seconds: 5, has_link: true });
    expect((await detail(key, elsewhere(game).id)).preroll).toEqual({ id: 2, duration: 8, skip_after_seconds: 0, has_link: false });
    // Nothing before a game the viewer cannot play now.
    const upcoming = games.find((g) => g.stream_status === 'upcoming')!;
    expect((await detail(key, upcoming.id)).preroll).toBeNull();
  });

  it('a fan whose products grant no_ads gets none', async () => {
    const fan = await started.acc.signUp();
    const game = basketballAtVenue();
    expect((await detail(fan.key, game.id)).preroll?.id).toBe(1);
    await started.server.db
      .update(users)
      .set({ capabilities: ['no_ads'] })
      .where(eq(users.id, fan.user.id));
    expect((await detail(fan.key, game.id)).preroll).toBeNull();
  });

  it('stitches the ad in front of every rendition, with its own URLs, and pads the captions', async () => {
    const game = basketballAtVenue();
    const base = (await detail(await started.http.apiKey(), game.id)).url!.replace(/master\.m3u8$/, 'preroll-1/');
    const master = await media(`${base}master.m3u8`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('360p.m3u8');
    for (const rendition of ['180p', '360p', '540p']) {
      const text = await (await media(`${base}${rendition}.m3u8`)).text();
      const uris = text.split('\n').filter((l) => l && !l.startsWith('#'));
      expect(uris.slice(0, 5)).toEqual([
        `ad/${rendition}_000.ts`,
        `ad/${rendition}_001.ts`,
        `ad/${rendition}_002.ts`,
        `ad/${rendition}_003.ts`,
        `after-ad/${rendition}_000.ts`,
      ]);
      expect(uris[5]).toBe(`../${rendition}_001.ts`);
      expect(text.search(/^#EXT-X-DISCONTINUITY$/m)).toBeGreaterThan(text.indexOf(`ad/${rendition}_003.ts`));
      expect(text).toContain('#EXT-X-ENDLIST');
    }
    const plain = await (await media(`${base}../captions.vtt`)).text();
    const shifted = await (await media(`${base}captions.vtt`)).text();
    // Every cue 8 s (the ad) later, its text the same.
    const cues = (vtt: string) =>
      [...vtt.matchAll(/^(\d\d):(\d\d):(\d\d)\.(\d{3}) --> /gm)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000);
    expect(cues(plain).length).toBeGreaterThan(10);
    expect(cues(shifted)).toEqual(cues(plain).map((t) => t + 8));
    expect(shifted.split('\n').filter((l) => /[a-z]/i.test(l))).toEqual(plain.split('\n').filter((l) => /[a-z]/i.test(l)));
  });

  it('counts an impression at the ad’s first segment and a completion at the game’s first after it', async () => {
    const game = basketballAtVenue();
    const base = (await detail(await started.http.apiKey(), game.id)).url!.replace(/master\.m3u8$/, 'preroll-1/');
    moments.length = 0;
    const first = await media(`${base}ad/360p_000.ts`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('video/mp2t');
    // Counted at the origin: a shared cache must not answer it.
    expect(first.headers.get('cache-control')).toMatch(/^private/);
    expect((await media(`${base}ad/360p_001.ts`)).headers.get('cache-control')).toMatch(/^public/);
    expect((await media(`${base}after-ad/360p_000.ts`)).status).toBe(200);
    expect(moments.map((m) => [m.name, m.preroll_id, m.scope])).toEqual([
      ['preroll_impression', 1, expect.stringMatching(/^vod\/game-/)],
      ['preroll_complete', 1, expect.stringMatching(/^vod\/game-/)],
    ]);
  });

  it('refuses what names no pre-roll or no file, with a reason and never a 500', async () => {
    const game = basketballAtVenue();
    const base = (await detail(await started.http.apiKey(), game.id)).url!.replace(/master\.m3u8$/, '');
    for (const [p, status] of [
      [`${base}preroll-99/master.m3u8`, 404],
      [`${base}preroll-1/999p.m3u8`, 404],
      [`${base}preroll-1/ad/..%2f..%2fmaster.m3u8`, 404],
      [`${base}preroll-1/sideways/360p_000.ts`, 404],
      ['/media/prerolls/ad-zz/360p.m3u8', 404],
    ] as const) {
      const res = await media(p);
      expect(res.status, p).toBe(status);
      expect((await res.json()).code, p).toBeTypeOf('string');
    }
  });

  it('a live game’s stitched stream starts with the ad: three entries first, then the game from where the viewer came', async () => {
    const live = games.find((g) => g.stream_status === 'live' && g.type === 'free')!;
    const url = (await detail(await started.http.apiKey(), live.id)).url!;
    const master = await (await media(url.replace(/master\.m3u8$/, 'preroll-2/master.m3u8'))).text();
    const video = /^(video-\d+-\d+\.m3u8)$/m.exec(master)?.[1];
    expect(video).toBeDefined();
    expect(master).toMatch(/URI="subs-\d+-\d+\.m3u8"/);
    const text = await (await media(url.replace(/master\.m3u8$/, `preroll-2/${video}`))).text();
    const uris = text.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris.slice(0, 3)).toEqual(['ad/360p_000.ts', 'ad/360p_001.ts', 'ad/360p_002.ts']);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const subs = await (await media(url.replace(/master\.m3u8$/, `preroll-2/${video!.replace('video', 'subs')}`))).text();
    expect(
      subs
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .slice(0, 3),
    ).toEqual(['ad/blank.vtt', 'ad/blank.vtt', 'ad/blank.vtt']);
    expect(await (await media(url.replace(/master\.m3u8$/, 'preroll-2/ad/blank.vtt'))).text()).toBe('WEBVTT\n');
    // A start the viewer cannot have had (before the kick-off, in the future): not a file.
    expect((await media(url.replace(/master\.m3u8$/, 'preroll-2/video-1-99999999999.m3u8'))).status).toBe(404);
  });

  it('a fan’s skip keeps the ad away for an hour and is counted; a visitor’s is the web app’s to keep', async () => {
    const fan = await started.acc.signUp();
    const game = basketballAtVenue();
    moments.length = 0;
    const skipped = await request('POST', '/prerolls/1/dismiss', { body: { api_key: fan.key, reason: 'skip' } });
    expect(skipped.status).toBe(200);
    expect(skipped.json.data.dismissed_until - Math.floor(Date.now() / 1000)).toBeGreaterThan(PREROLL_DISMISS_SECONDS - 5);
    expect((await detail(fan.key, game.id)).preroll).toBeNull();
    // The other pre-roll is not dismissed with it.
    expect((await detail(fan.key, elsewhere(game).id)).preroll?.id).toBe(2);
    const finished = await request('POST', '/prerolls/2/dismiss', { body: { api_key: fan.key, reason: 'complete' } });
    expect(finished.status).toBe(200);
    expect((await detail(fan.key, elsewhere(game).id)).preroll).toBeNull();
    const visitor = await request('POST', '/prerolls/1/dismiss', { body: { api_key: await started.http.apiKey(), reason: 'skip' } });
    expect(visitor.json.data).toEqual({ dismissed_until: null });
    expect(moments.map((m) => [m.name, m.preroll_id, m.user_id])).toEqual([
      ['preroll_skip', 1, fan.user.id],
      ['preroll_skip', 1, null],
    ]);
  });

  it('the click-through answers the link and is counted; refusals say why', async () => {
    const key = await started.http.apiKey();
    moments.length = 0;
    const click = await request('POST', '/prerolls/1/click', { body: { api_key: key } });
    expect(click.json.data).toEqual({ link: LINK });
    expect(moments.map((m) => m.name)).toEqual(['preroll_click']);
    for (const [pathname, body, status] of [
      ['/prerolls/2/click', { api_key: key }, 404],
      ['/prerolls/9/click', { api_key: key }, 404],
      ['/prerolls/9/dismiss', { api_key: key, reason: 'skip' }, 404],
      ['/prerolls/1/dismiss', { api_key: key, reason: 'later' }, 400],
      ['/prerolls/1/dismiss', { reason: 'skip' }, 403],
    ] as const) {
      const res = await request('POST', pathname, { body });
      expect(res.status, pathname).toBe(status);
      expect(res.json.code).toBeTypeOf('string');
    }
  });
});
