import { api, type BootstrapData } from '#contract';
import { channelApiUrl, channelConfigUrl, env } from '~/config/env.server';
import { whoopsResponse } from './errors.server';
import { createChannelCore, type ChannelCore } from './request.server';
import { createSwrCache, type SwrCache, type SwrCacheStats } from './swr-cache.server';

export type { BootstrapData };

/** Stale bootstrap data keeps serving this long after its TTL, e.g. while the channel restarts. */
const MAX_STALE_MS = 10 * 60_000;

/** The public channel-bootstrap-data call (settings, menu, colours, pages, ...). */
export async function fetchBootstrap(core: ChannelCore): Promise<BootstrapData> {
  const { data } = await core.call(api.channelBootstrapData, {
    'color-settings': { client_interface: 'web' },
    slides: { client_interface: 'web' },
  });
  return data;
}

export function createBootstrapCache(core: ChannelCore, ttlMs: number, maxStaleMs = MAX_STALE_MS, now?: () => number): SwrCache<BootstrapData> {
  return createSwrCache({ load: () => fetchBootstrap(core), ttlMs, maxStaleMs, now });
}

let cache: SwrCache<BootstrapData> | null = null;
function processCache(): SwrCache<BootstrapData> {
  // Created on first use: the embedded channel API's URL is known only once server.ts started it.
  cache ??= createBootstrapCache(createChannelCore({ baseUrl: channelApiUrl, configUrl: channelConfigUrl }), env.BOOTSTRAP_TTL_SECONDS * 1000);
  return cache;
}

/** Bootstrap data from the in-process cache (TTL BOOTSTRAP_TTL_SECONDS, stale-while-revalidate). */
function getBootstrap(): Promise<BootstrapData> {
  return processCache().get();
}

/** The bootstrap data, or the 'Whoops!' screen (503) when the channel fails and no
 *  cached copy is left. A 429 stays a 429 (the throttling screen). Routes reach it as
 *  `requestContext(args).channel.bootstrap()`, so an outage looks the same on every page. */
export async function loadBootstrapOrWhoops(): Promise<BootstrapData> {
  try {
    return await getBootstrap();
  } catch (error) {
    // Concurrent loaders share one failed refresh: each gets its own readable body.
    if (error instanceof Response && error.status === 429) throw error.clone();
    throw whoopsResponse();
  }
}

/** Upstream call counter for the benchmark (`upstream calls per page view`). */
export function bootstrapCacheStats(): SwrCacheStats {
  return processCache().stats();
}
