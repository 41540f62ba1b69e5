/* An in-process cache for one value with a TTL and stale-while-revalidate: fresh → served;
   stale (within maxStaleMs) → served at once while one background refresh runs; older or
   missing → the caller waits for the refresh. Only one refresh is ever in flight. Used for the
   bootstrap data (one value) and, one per key, for shared content (content-cache.server.ts). */

export interface SwrCacheOptions<T> {
  load: () => Promise<T>;
  ttlMs: number;
  /** How long past the TTL a stale copy may still be served (also while the channel is down). */
  maxStaleMs: number;
  /** Forget the cached copy when a refresh fails, so the next caller sees the outage instead of
   *  old data (content; bootstrap data rather keeps serving through an outage). */
  dropOnError?: boolean;
  now?: () => number;
}

export interface SwrCacheStats {
  /** Upstream loads started since the process began (or since reset). */
  upstreamCalls: number;
  /** When the cached copy was fetched (epoch ms), or null. */
  fetchedAt: number | null;
}

export interface SwrCache<T> {
  get(): Promise<T>;
  stats(): SwrCacheStats;
  /** The refresh in flight, if any (tests await it instead of sleeping). */
  refreshing(): Promise<T> | null;
  reset(): void;
}

export function createSwrCache<T>(opts: SwrCacheOptions<T>): SwrCache<T> {
  const now = opts.now ?? Date.now;
  let entry: { value: T; fetchedAt: number } | null = null;
  let inFlight: Promise<T> | null = null;
  let upstreamCalls = 0;

  function refresh(): Promise<T> {
    if (!inFlight) {
      upstreamCalls += 1;
      inFlight = opts
        .load()
        .then((value) => {
          entry = { value, fetchedAt: now() };
          return value;
        })
        .catch((error: unknown) => {
          if (opts.dropOnError) entry = null;
          throw error;
        })
        .finally(() => {
          inFlight = null;
        });
    }
    return inFlight;
  }

  return {
    async get() {
      if (entry) {
        const age = now() - entry.fetchedAt;
        if (age < opts.ttlMs) return entry.value;
        if (age < opts.ttlMs + opts.maxStaleMs) {
          // The failure is logged by the channel client; the stale copy keeps serving.
          refresh().catch(() => undefined);
          return entry.value;
        }
      }
      return refresh();
    },
    stats: () => ({ upstreamCalls, fetchedAt: entry?.fetchedAt ?? null }),
    refreshing: () => inFlight,
    reset() {
      entry = null;
      upstreamCalls = 0;
    },
  };
}
