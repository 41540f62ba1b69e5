import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, type EventsQuery, type ParamsOf } from '#contract';
import type { ChannelClient } from '~/channel/client.server';
import { createChannelCore } from '~/channel/request.server';
import { memoryKeyStore } from '~/channel/request.server';
import { cacheKey, createSharedContent, type SharedContent } from '~/channel/shared.server';
import { captureLog, memoryStore, startTestChannel, type TestChannel } from '../../support/test-channel-server';

/* Viewer-independent content is fetched once per process and shared between visitors (short TTL,
   stale-while-revalidate); what depends on the viewer (access, geo) always goes upstream. Against
   a real HTTP server; the clock is injected, so nothing here waits on wall-clock time. */

const event = {
  id: 1,
  name: 'A @ B',
  description: '',
  type: 'free',
  participants: [],
  home_team_id: null,
  event_utc_ts: 1_700_000_000,
  duration: 3600,
  time_zone: 'UTC',
  stream_status: 'finished',
  location_id: null,
  event_category_id: null,
  event_categories: [],
  image: null,
  weight: 0,
};
const vodItem = { id: 7, title: 'Final', description: '', date: '2026-01-01T00:00:00.000Z', duration: 60, vod_media_category_id: null, assets: [] };
const media = {
  has_access: true,
  url: '/media/vod/game-1/master.m3u8',
  mp4_url: null,
  captions: [],
  media_grant: null,
  features: { clip: { state: 'allowed', capability: 'clipping' }, download: { state: 'unavailable', capability: 'download' } },
};

type Viewer = Pick<ChannelClient, 'call' | 'shared'>;

let channel: TestChannel;
let clock: number;
let shared: SharedContent;
/** A visitor: their own key store and IP, and the process's shared content. */
const visitor = (ip: string): Viewer => {
  const core = createChannelCore({
    baseUrl: channel.url,
    configUrl: `${channel.url}/channels/demo.json`,
    store: memoryStore(),
    clientIp: ip,
    log: captureLog(),
  });
  return { call: core.call, shared: shared.call };
};

/* The calls as the routes make them: lists and pages shared, one event or item and geo per viewer. */
const homepageEvents = async (ch: Viewer) => (await ch.shared(api.eventsForHomepage)).data;
const vodRails = async (ch: Viewer) => (await ch.shared(api.vodMediaRails)).data;
const getPage = async (ch: Viewer, id: ParamsOf<typeof api.page>['id']) => (await ch.shared(api.page, { id })).data;
const listEvents = async (ch: Viewer, query: EventsQuery) => {
  const { data, meta } = await ch.shared(api.events, query);
  return { items: data, total: meta.total };
};
const searchVod = async (ch: Viewer, query: ParamsOf<typeof api.vodMediaSearch>) => {
  const { data, meta } = await ch.shared(api.vodMediaSearch, query);
  return { items: data, total: meta.total };
};
const getEvent = async (ch: Viewer, id: number) => (await ch.call(api.event, { id })).data;
const getVodItem = async (ch: Viewer, id: number) => (await ch.call(api.vodMediaItem, { id })).data;
const getGeo = async (ch: Viewer) => (await ch.call(api.geo)).data;

beforeEach(async () => {
  channel = await startTestChannel();
  clock = 0;
  const serverCore = createChannelCore({ baseUrl: channel.url, configUrl: `${channel.url}/channels/demo.json`, store: memoryKeyStore(), log: captureLog() });
  shared = createSharedContent(serverCore, { ttlMs: 10_000, maxKeys: 3, now: () => clock });
  channel.route('GET /events-for-homepage', () => ({ body: { data: { live: [], upcoming: [], finished: [event] } } }));
  channel.route('GET /events/1', () => ({ body: { data: { ...event, ...media } } }));
  channel.route('GET /vod-media-rails', () => ({ body: { data: [{ id: 1, title: 'Best of', vod_media_items: [vodItem] }] } }));
  channel.route('GET /vod-media-items/7', () => ({ body: { data: { ...vodItem, type: 'free', ...media } } }));
  channel.route('GET /vod-media/search', (hit) => ({ body: { data: [vodItem], meta: { total: 1, offset: Number(hit.query.get('offset') ?? 0), limit: 10 } } }));
  channel.route('GET /pages/3', () => ({ body: { data: { id: 3, url: '/history', alt_name: 'history', name: 'History', body: 'Founded.' } } }));
});
afterEach(async () => {
  await channel.close();
});

describe('shared content', () => {
  it('serves the second visitor from the cache: one upstream call for the home page of many', async () => {
    const first = await Promise.all([homepageEvents(visitor('198.51.100.1')), vodRails(visitor('198.51.100.1'))]);
    const second = await Promise.all([homepageEvents(visitor('198.51.100.2')), vodRails(visitor('198.51.100.2'))]);
    expect(second).toEqual(first);
    expect(first[0].finished[0].name).toBe('A @ B');
    expect(channel.on('/events-for-homepage')).toHaveLength(1);
    expect(channel.on('/vod-media-rails')).toHaveLength(1);
    // Fetched with the server's own key, without a visitor's address.
    expect(channel.on('/get_api_key')).toHaveLength(1);
    expect(channel.on('/events-for-homepage')[0].headers['x-forwarded-for']).toBeUndefined();
  });

  it('keeps one entry per meaning of the params', async () => {
    const ch = visitor('198.51.100.1');
    await listEvents(ch, { stream_status: 'live' });
    await listEvents(ch, { stream_status: 'finished' });
    await listEvents(ch, { stream_status: 'live', search: '' }); // empty values and defaults mean the same query
    await searchVod(ch, { title: 'Final' });
    await searchVod(ch, { title: 'Final', offset: '0' });
    await getPage(ch, '3');
    await getPage(ch, 3);
    expect(channel.on('/events').map((h) => h.query.get('stream_status'))).toEqual(['live', 'finished']);
    expect(channel.on('/vod-media/search')).toHaveLength(1);
    expect(channel.on('/pages/3')).toHaveLength(1);
    expect(cacheKey(api.events, { stream_status: 'live' })).not.toBe(cacheKey(api.events, { stream_status: 'live', offset: 20 }));
  });

  it('never shares what depends on the viewer: one event with access, one VOD item, geo', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.2']) {
      const ch = visitor(ip);
      expect((await getEvent(ch, 1)).has_access).toBe(true);
      expect((await getVodItem(ch, 7)).url).toBe(media.url);
      expect((await getGeo(ch)).ip).toBe(ip);
    }
    expect(channel.on('/events/1')).toHaveLength(2);
    expect(channel.on('/vod-media-items/7')).toHaveLength(2);
    expect(channel.on('/geo').map((h) => h.query.get('api_key'))).toEqual(['api-key-1', 'api-key-2']);
    expect(shared.cache.keys()).toEqual([]);
  });

  it('after the TTL serves the stale copy while exactly one refresh is pending, then the new one', async () => {
    let name = 'Old';
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    channel.route('GET /pages/3', async (_hit, nth) => {
      if (nth > 1) await held;
      return { body: { data: { id: 3, url: '/history', alt_name: 'history', name, body: '' } } };
    });
    const ch = visitor('198.51.100.1');
    expect((await getPage(ch, 3)).name).toBe('Old');
    name = 'New';
    clock = 10_001; // past the TTL, within the stale window
    const stale = await Promise.all([getPage(ch, 3), getPage(ch, 3), getPage(ch, 3)]);
    expect(stale.map((p) => p.name)).toEqual(['Old', 'Old', 'Old']);
    const refresh = shared.cache.refreshing(cacheKey(api.page, { id: 3 }));
    expect(refresh).not.toBeNull();
    release();
    await refresh;
    expect((await getPage(ch, 3)).name).toBe('New');
    expect(channel.on('/pages/3')).toHaveLength(2);
  });

  it('lets the outage show: a failed refresh drops the copy instead of serving old content', async () => {
    const ch = visitor('198.51.100.1');
    await homepageEvents(ch);
    channel.route('GET /events-for-homepage', () => ({ status: 500, body: { message: 'Server Error' } }));
    clock = 10_001;
    expect((await homepageEvents(ch)).finished).toHaveLength(1); // stale, refresh started
    await shared.cache.refreshing(cacheKey(api.eventsForHomepage, {}))?.catch(() => undefined);
    await expect(homepageEvents(ch)).rejects.toMatchObject({ status: 500 });
  });

  it('refetches once the stale window is over, and holds a bounded number of keys', async () => {
    const ch = visitor('198.51.100.1');
    await homepageEvents(ch);
    clock = 20_001; // past TTL + stale window: the caller waits for a fresh copy
    await homepageEvents(ch);
    expect(channel.on('/events-for-homepage')).toHaveLength(2);
    for (const id of [1, 2, 3]) channel.route(`GET /pages/${id}`, () => ({ body: { data: { id, url: `/p${id}`, alt_name: '', name: `P${id}`, body: '' } } }));
    for (const id of [1, 2, 3]) await getPage(ch, id);
    expect(shared.cache.keys()).toEqual([cacheKey(api.page, { id: 1 }), cacheKey(api.page, { id: 2 }), cacheKey(api.page, { id: 3 })]);
  });

  it('hands every visitor a frozen copy, so no loader can change what the next one sees', async () => {
    const rails = await vodRails(visitor('198.51.100.1'));
    expect(Object.isFrozen(rails[0].vod_media_items[0])).toBe(true);
  });
});
