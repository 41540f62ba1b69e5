import { channelApiUrl } from '~/config/env.server';
import { createContentCache, type ContentCache } from './content-cache.server';

/* The player's poster written into the watch page (issue 34, ADR 064). The poster is that page's
   largest picture (its LCP): fetched apart, it waited for a connection and a round trip after the
   page had arrived. A channel's own generated poster (an SVG under /media/images, about 3 kB) goes
   into the page as a data: address instead, so it paints with the page. Anything else (another
   host's picture, a raster, a large SVG, a channel API that does not answer) stays an address,
   which the page then preloads. What each poster becomes is cached here as long as the channel API
   lets a browser cache the SVG (five minutes), so a page asks for each at most that often and
   encodes none. */

/** A channel's generated picture, as the channel API serves it (channel-api/images.ts). */
const GENERATED_SVG = /^\/media\/images\/[A-Za-z0-9_-]{1,100}\.svg$/;
/** Larger than this, the poster is better fetched apart than carried by every page. */
export const INLINE_POSTER_MAX_BYTES = 8 * 1024;
const CACHE_TTL_MS = 5 * 60_000;
/** How long a page waits for a poster it does not have yet before it uses the address. */
const FETCH_TIMEOUT_MS = 2_000;

export type FetchSvg = (path: string) => Promise<string>;

const fetchFromChannel: FetchSvg = async (path) => {
  const res = await fetch(`${channelApiUrl()}${path}`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/svg+xml')) throw new Error(`poster ${path}: ${res.status}`);
  return res.text();
};

/** The poster as a data: address when it is small and one of the channel's own, else as it was. */
export function createPosterInliner(
  fetchSvg: FetchSvg = fetchFromChannel,
  cache: ContentCache = createContentCache({ ttlMs: CACHE_TTL_MS, maxStaleMs: CACHE_TTL_MS, maxKeys: 500 }),
) {
  return async function inlinePoster(poster: string | null): Promise<string | null> {
    if (poster === null || !GENERATED_SVG.test(poster)) return poster;
    try {
      return await cache.get(poster, async () => {
        const svg = await fetchSvg(poster);
        return Buffer.byteLength(svg) <= INLINE_POSTER_MAX_BYTES ? `data:image/svg+xml,${encodeURIComponent(svg)}` : poster;
      });
    } catch {
      return poster;
    }
  };
}

export const inlinePoster = createPosterInliner();
