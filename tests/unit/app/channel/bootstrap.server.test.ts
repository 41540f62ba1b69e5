import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBootstrapCache } from '~/channel/bootstrap.server';
import { createChannelCore } from '~/channel/request.server';
import { createSwrCache } from '~/channel/swr-cache.server';
import { captureLog, startTestChannel, type TestChannel } from '../../support/test-channel-server';

/* Bootstrap data: cached in-process with a TTL and stale-while-revalidate, against a real server. */

let channel: TestChannel;
beforeEach(async () => {
  channel = await startTestChannel();
});
afterEach(async () => {
  await channel.close();
});

const publicCore = () => createChannelCore({ baseUrl: channel.url, configUrl: `${channel.url}/channels/demo.json`, log: captureLog() });

describe('bootstrap cache', () => {
  it('asks for web colours and slides in bracket notation, then serves repeat calls from the cache', async () => {
    const cache = createBootstrapCache(publicCore(), 60_000);
    const first = await cache.get();
    const second = await cache.get();
    expect(first.settings.name).toBe('Test Channel');
    expect(second).toBe(first);
    expect(channel.on('/channel-bootstrap-data')).toHaveLength(1);
    expect(channel.on('/channel-bootstrap-data')[0].rawUrl).toContain('color-settings[client_interface]=web&slides[client_interface]=web');
    expect(cache.stats().upstreamCalls).toBe(1);
  });

  it('shares one upstream call between concurrent first requests', async () => {
    channel.route('GET /channel-bootstrap-data', async () => ({ delayMs: 100, body: (await import('../../support/test-channel-server')).bootstrapBody }));
    const cache = createBootstrapCache(publicCore(), 60_000);
    await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(channel.on('/channel-bootstrap-data')).toHaveLength(1);
  });

  it('after the TTL serves the stale copy while exactly one refresh is pending, then the new one', async () => {
    const { bootstrapBody } = await import('../../support/test-channel-server');
    let name = 'Old name';
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    channel.route('GET /channel-bootstrap-data', async (_hit, nth) => {
      if (nth > 1) await held; // the refresh stays pending until the test lets it answer
      return { body: { data: { ...bootstrapBody.data, settings: { ...bootstrapBody.data.settings, name } } } };
    });
    let clock = 0;
    const cache = createBootstrapCache(publicCore(), 50, 10 * 60_000, () => clock);
    expect((await cache.get()).settings.name).toBe('Old name');
    name = 'New name';
    clock = 51; // past the TTL
    const stale = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(stale.map((b) => b.settings.name)).toEqual(['Old name', 'Old name', 'Old name']);
    const refresh = cache.refreshing();
    expect(refresh).not.toBeNull();
    expect(cache.stats().upstreamCalls).toBe(2);
    release();
    await refresh;
    expect((await cache.get()).settings.name).toBe('New name');
    expect(channel.on('/channel-bootstrap-data')).toHaveLength(2);
  });

  it('keeps serving the stale copy when a refresh fails, and fails once it is too old', async () => {
    let clock = 0;
    const cache = createBootstrapCache(publicCore(), 20, 150, () => clock);
    await cache.get();
    channel.route('GET /channel-bootstrap-data', () => ({ status: 500, body: { message: 'Server Error' } }));
    clock = 40; // stale: served while the refresh fails
    expect((await cache.get()).settings.name).toBe('Test Channel');
    await cache.refreshing()?.catch(() => undefined);
    expect((await cache.get()).settings.name).toBe('Test Channel');
    clock = 200; // past TTL + stale window
    await expect(cache.get()).rejects.toMatchObject({ status: 500 });
  });
});

describe('swr cache with a clock', () => {
  it('counts upstream loads', async () => {
    let t = 0;
    let loads = 0;
    const cache = createSwrCache({ load: async () => ++loads, ttlMs: 10, maxStaleMs: 100, now: () => t });
    expect(await cache.get()).toBe(1);
    t = 5;
    expect(await cache.get()).toBe(1);
    t = 20;
    expect(await cache.get()).toBe(1); // stale, refresh started
    await cache.refreshing();
    expect(await cache.get()).toBe(2);
    expect(cache.stats()).toEqual({ upstreamCalls: 2, fetchedAt: 20 });
  });
});
