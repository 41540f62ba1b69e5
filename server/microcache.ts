import { LRUCache } from 'lru-cache';
import { COMPRESSION_THRESHOLD_BYTES, compressOnce, type Encoded } from './encoding.ts';

/* The server's own shared cache for anonymous pages (issue: shareable pages), for when no CDN is
   in front: a page that app/http/cache-policy.ts says every anonymous visitor shares is kept for
   the content TTL and served again without rendering it or asking the channel. Bounded by bytes
   (the least recently used page goes first). A page that read the visitor's region is kept per
   region: its URL's entry only says so, and the visitor's region (remembered per address by
   app/channel/region.server.ts) picks the copy — an address whose region is not known yet is
   rendered, never served another region's copy.
   A page is kept from its second request within the TTL on (`admit`): a URL asked once (a one-off
   query string, a crawler's or an attacker's random ones) is rendered and sent, never copied in,
   so it costs no copy and cannot push the pages everyone asks for out of the cache.
   A page is compressed once when it is kept (Brotli 11 and gzip 9, server/encoding.ts), one page
   at a time in the thread pool; until then, and for a visitor who takes neither, it is sent as it
   is and the `compression` middleware does what it does for any response (ADR 031). */

/** The memory for the keys of URLs asked once (their characters; the oldest goes first). */
const SEEN_ONCE_CHARS = 1_000_000;
/** Pages waiting to be compressed; more are kept uncompressed (compressed per request) until
 *  they are stored again, so a burst of new pages cannot keep the thread pool busy. */
const COMPRESSION_QUEUE = 32;

export interface StoredPage {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Buffer;
  storedAt: number;
  /** The body compressed once, when that is done (never for a body under the threshold). */
  encoded: Encoded | null;
}

type Entry = StoredPage | { byRegion: true };

export interface Microcache {
  /** The page stored for this key (and, for a page kept per region, the visitor's region), or null. */
  get(key: string, visitorRegion: () => string | undefined): StoredPage | null;
  /** Whether a page just rendered for `key` is worth keeping: it was asked before within the TTL.
   *  The first request of a key answers false and is remembered. */
  admit(key: string): boolean;
  /** Keep a page: for everyone under `key`, or for one region. */
  set(key: string, region: string | null, page: Omit<StoredPage, 'storedAt' | 'encoded'>): void;
  /** Bytes held (benchmark, tests). */
  size(): number;
  /** Settles when every page kept so far is compressed (tests). */
  compressed(): Promise<void>;
}

const regional = (key: string, region: string) => `${key}\u0000${region}`;

const bytesOf = (page: StoredPage) =>
  page.body.length + (page.encoded ? page.encoded.br.length + page.encoded.gzip.length : 0) + page.headers.reduce((n, [k, v]) => n + k.length + v.length, 0);

export function createMicrocache(options: {
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
  /** How a kept page is compressed (server/encoding.ts's compressOnce). */
  compress?: (body: Buffer) => Promise<Encoded>;
}): Microcache {
  const now = options.now ?? Date.now;
  const compress = options.compress ?? compressOnce;
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => key.length + ('body' in entry ? bytesOf(entry) : 0) + 64,
    ttl: options.ttlMs,
    ttlAutopurge: false,
    // lru-cache reads the clock through performance.now(); the tests move `now` instead.
    ...(options.now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  const seenOnce = new LRUCache<string, true>({
    maxSize: SEEN_ONCE_CHARS,
    sizeCalculation: (_seen, key) => key.length + 64,
    ttl: options.ttlMs,
    ...(options.now ? { perf: { now }, ttlResolution: 0 } : {}),
  });

  // One page compressed at a time: the pages everyone asks for are few, and a page is served
  // meanwhile (compressed per request).
  const queue: string[] = [];
  let running: Promise<void> = Promise.resolve();
  let queued = 0;
  const compressLater = (entryKey: string) => {
    if (queued >= COMPRESSION_QUEUE) return;
    queued++;
    queue.push(entryKey);
    running = running.then(async () => {
      const next = queue.shift()!;
      queued--;
      const page = cache.peek(next);
      if (!page || 'byRegion' in page || page.encoded) return;
      try {
        const encoded = await compress(page.body);
        // Still the same copy (not replaced, not gone): keep the encodings for the rest of its TTL.
        if (cache.peek(next) === page) cache.set(next, { ...page, encoded }, { ttl: cache.getRemainingTTL(next) });
      } catch (error) {
        console.error('[microcache] compressing a page failed; it is compressed per request', error);
      }
    });
  };

  return {
    admit(key) {
      if (seenOnce.has(key)) return true;
      seenOnce.set(key, true);
      return false;
    },
    get(key, visitorRegion) {
      const entry = cache.get(key);
      if (!entry) return null;
      if (!('byRegion' in entry)) return entry;
      const region = visitorRegion();
      if (region === undefined) return null;
      return (cache.get(regional(key, region)) as StoredPage | undefined) ?? null;
    },
    set(key, region, page) {
      const stored: StoredPage = { ...page, storedAt: now(), encoded: null };
      if (stored.body.length + 1024 > options.maxBytes) return;
      const entryKey = region === null ? key : regional(key, region);
      if (region !== null) cache.set(key, { byRegion: true });
      cache.set(entryKey, stored);
      if (stored.body.length >= COMPRESSION_THRESHOLD_BYTES) compressLater(entryKey);
    },
    size: () => cache.calculatedSize,
    compressed: () => running,
  };
}

/** The key of a page: what the response depends on for an anonymous visitor — the full URL (host
 *  and query included) and the variant of the page (data saver). */
export function pageKey(url: string, variant: string): string {
  return `${variant} ${url}`;
}
