import type http from 'node:http';
import { LRUCache } from 'lru-cache';

/* The channel's pictures (/media/images/*: posters, team marks, logos) kept in the web server's
   memory, as a shared HTTP cache keeps them (ADR 069). Every page shows 10 to 40 of them, and each
   went through this server to the channel API and back: about 3 ms of this server's CPU apiece
   against 0.4 ms for a file of the build, so a visit's pictures cost more than its page. Served
   from here, a page's largest picture (its LCP) also arrives sooner.

   Only what the channel API says any cache may keep is kept (`Cache-Control: public` with a
   max-age, status 200, no cookie set, varying on nothing but the encoding), for that max-age,
   and answered with its `Age` so that a browser keeps it no longer than it would have. Streams,
   byte ranges and anything else go through as before (server/media-proxy.ts). */

/** Pictures live under this part of /media. */
export const PICTURES = /^\/images\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;
/** A picture larger than this is passed through, not kept. */
export const MAX_PICTURE_BYTES = 512 * 1024;
/** All kept pictures together. */
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;

export interface KeptPicture {
  /** The response headers as the proxy passes them on. */
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
}

/** How long a response may be kept by a shared cache, in ms, or null: not at all. */
export function sharedLifetimeMs(status: number, headers: http.IncomingHttpHeaders): number | null {
  if (status !== 200 || headers['set-cookie'] !== undefined) return null;
  const directives = String(headers['cache-control'] ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public')) return null;
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache' || d.startsWith('s-maxage'))) return null;
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : NaN;
  if (!Number.isInteger(seconds) || seconds <= 0) return null;
  const vary = String(headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (vary.some((v) => v !== 'accept-encoding')) return null;
  return seconds * 1000;
}

/** The encodings a request accepts, as one key part: the answer may differ by them (Vary). The
 *  set itself, not server/encoding.ts's choice among them: the channel API negotiates on its own
 *  (it answers gzip where we would choose br), and whatever it chose from a set suits every client
 *  that offers the same set. */
export function encodingKey(acceptEncoding: string | string[] | undefined): string {
  const offered = String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    // An encoding with q=0 is one the client refuses.
    .filter((e) => !/;\s*q=0(?:\.0*)?\s*$/.test(e))
    .map((e) => e.split(';')[0].trim());
  return ['br', 'gzip', 'deflate'].filter((e) => offered.includes(e)).join(',') || 'identity';
}

export function createPictureCache(opts: { now?: () => number; maxTotalBytes?: number } = {}) {
  const now = opts.now ?? Date.now;
  const kept = new LRUCache<string, KeptPicture>({
    maxSize: opts.maxTotalBytes ?? MAX_TOTAL_BYTES,
    sizeCalculation: (picture) => picture.body.length + 512,
    ttlResolution: 0,
    perf: { now },
  });
  const keyOf = (path: string, acceptEncoding: string | string[] | undefined) => `${path}|${encodingKey(acceptEncoding)}`;
  return {
    get(path: string, acceptEncoding: string | string[] | undefined): KeptPicture | undefined {
      return kept.get(keyOf(path, acceptEncoding));
    },
    /** Keeps the picture for `lifetimeMs` (sharedLifetimeMs of its answer); `headers` are those passed to the client. */
    keep(path: string, acceptEncoding: string | string[] | undefined, headers: http.OutgoingHttpHeaders, body: Buffer, lifetimeMs: number) {
      if (body.length > MAX_PICTURE_BYTES) return;
      kept.set(keyOf(path, acceptEncoding), { headers, body, storedAt: now() }, { ttl: lifetimeMs });
    },
    /** Seconds since it was stored (the `Age` header). */
    ageOf(picture: KeptPicture): number {
      return Math.max(0, Math.floor((now() - picture.storedAt) / 1000));
    },
    get size() {
      return kept.size;
    },
  };
}

export type PictureCache = ReturnType<typeof createPictureCache>;
