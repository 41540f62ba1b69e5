import { createSwrCache, type SwrCache } from './swr-cache.server';

/* Many SWR caches (swr-cache.server.ts), one per key, with a bound on the number of keys:
   the least recently used key goes first. Each key keeps the SWR rules: fresh → served, stale →
   served while one refresh runs, a failed refresh drops the copy (the outage shows). */

export interface ContentCacheOptions {
  ttlMs: number;
  /** How long past the TTL a stale copy may be served while its refresh runs. */
  maxStaleMs: number;
  maxKeys: number;
  now?: () => number;
}

export interface ContentCache {
  /** The value under `key`; `load` fetches it when there is no usable copy. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The refresh in flight for `key`, if any (tests await it instead of sleeping). */
  refreshing(key: string): Promise<unknown> | null;
  keys(): string[];
  clear(): void;
}

export function createContentCache(opts: ContentCacheOptions): ContentCache {
  const entries = new Map<string, SwrCache<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let entry = entries.get(key);
      // Map keeps insertion order: re-inserting on use makes the first key the least recent.
      if (entry) entries.delete(key);
      else entry = createSwrCache<unknown>({ load, ttlMs: opts.ttlMs, maxStaleMs: opts.maxStaleMs, dropOnError: true, now: opts.now });
      entries.set(key, entry);
      if (entries.size > opts.maxKeys) entries.delete(entries.keys().next().value as string);
      return entry.get() as Promise<T>;
    },
    refreshing: (key) => entries.get(key)?.refreshing() ?? null,
    keys: () => [...entries.keys()],
    clear: () => entries.clear(),
  };
}
