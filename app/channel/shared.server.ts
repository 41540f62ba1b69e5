import type { Endpoint, ParamsOf, ResponseOf } from '#contract';
import { channelApiUrl, channelConfigUrl, env } from '~/config/env.server';
import { deepFreeze } from '~/domain/freeze';
import { createContentCache, type ContentCache } from './content-cache.server';
import { createChannelCore, type ChannelCore } from './request.server';
import { serverKeys } from './server-key.server';

/* Content that is the same for every viewer (home rails, lists, categories, page bodies) is
   fetched once per process and shared: short TTL (CONTENT_TTL_SECONDS), stale-while-revalidate,
   one refresh per key, at most MAX_KEYS keys. The area files (events/vod/pages.server.ts) decide
   what goes through here (`ch.shared`) and what stays per viewer (`ch.call`: access, geo).

   Shared calls use the server's own api key, not a visitor's: the answer is the same, no visitor
   pays for a key fetch, and no visitor's cancelled request cancels a refresh others wait on.
   Section 8 (key renewal, 429, timeouts, outages) applies as for any call. */

export const MAX_KEYS = 500;

export interface SharedContent {
  call<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>): Promise<ResponseOf<E>>;
  cache: ContentCache;
}

/** One cache key per endpoint and meaning of its params: defaults applied, keys sorted, empty
 *  values left out, so `{}` and `{ offset: 0 }` share an entry when 0 is the default. */
export function cacheKey(endpoint: Endpoint, params: unknown): string {
  const parsed = endpoint.params.safeParse(params ?? {});
  return `${endpoint.name} ${JSON.stringify(normalise(parsed.success ? parsed.data : params))}`;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined && inner !== null && inner !== '') out[key] = normalise(inner);
    }
    return out;
  }
  return value;
}

export function createSharedContent(core: ChannelCore, opts: { ttlMs: number; maxStaleMs?: number; maxKeys?: number; now?: () => number }): SharedContent {
  const cache = createContentCache({ ttlMs: opts.ttlMs, maxStaleMs: opts.maxStaleMs ?? opts.ttlMs, maxKeys: opts.maxKeys ?? MAX_KEYS, now: opts.now });
  return {
    cache,
    call: (endpoint, params) =>
      cache
        // Every viewer gets the same object: frozen, so a loader that changes it fails loudly.
        .get(cacheKey(endpoint, params), async () => deepFreeze(await core.call(endpoint, params)))
        .catch((error: unknown) => {
          // A thrown Response (429) reaches every waiter: each gets its own readable body.
          throw error instanceof Response ? error.clone() : error;
        }),
  };
}

let shared: SharedContent | null = null;
/** The process's shared content (created on first use: the embedded API's URL comes late). */
export function processSharedContent(): SharedContent {
  shared ??= createSharedContent(createChannelCore({ baseUrl: channelApiUrl, configUrl: channelConfigUrl, store: serverKeys }), {
    ttlMs: env.CONTENT_TTL_SECONDS * 1000,
  });
  return shared;
}
