import { LRUCache } from 'lru-cache';
import type { Geo } from '#contract';

/* The visitor's region: the channel's GET /geo for their address, remembered per address (the
   channel's country table changes rarely), so a page that depends on the region costs no call
   for an address seen lately. The page is then cached per region (server/microcache.ts), never
   served to another region.

   Kept on globalThis: the microcache (server/, another module copy than the Remix build's) reads
   it to pick a page's regional copy without asking the channel. */

/** How long an address's region is trusted. */
export const REGION_TTL_MS = 10 * 60_000;
const MAX_ADDRESSES = 50_000;

const KEY = Symbol.for('fieldhouse.regions');
const regions = ((globalThis as Record<symbol, unknown>)[KEY] ??= new LRUCache<string, Geo>({ max: MAX_ADDRESSES, ttl: REGION_TTL_MS })) as LRUCache<
  string,
  Geo
>;

/** What a region is remembered by: the address, and the country a trusted proxy said (which
 *  decides over the address, ADR 054), if it said one. */
export function regionKey(address: string, proxyCountry: string | null): string {
  return proxyCountry ? `${address}\u0000${proxyCountry}` : address;
}

/** Which regional copy of a page a visitor gets (server/microcache.ts): their country, and whether
 *  a trusted proxy's header decided it. A copy made for a header-decided visitor is public and
 *  varies on the header (a CDN keys it so); one decided from the address is private to a CDN. So
 *  neither is ever sent to the other kind of visitor with its headers (a CDN would then keep a
 *  header-decided copy, a blackout's included, for visitors it cannot tell apart). */
export function regionCopy(key: string, countryCode: string): string {
  return key.includes('\u0000') ? `${countryCode}\u0000header` : countryCode;
}

/** The region of a visitor (by regionKey) if it was looked up lately, else undefined. */
export function knownRegion(key: string): Geo | undefined {
  return regions.get(key);
}

/** The region of a visitor (by regionKey): remembered, or looked up with `lookup` and
 *  remembered. No address (outside server.ts, no trusted proxy): looked up every time. */
export async function regionOf(key: string | null, lookup: () => Promise<Geo>): Promise<Geo> {
  const known = key ? regions.get(key) : undefined;
  if (known) return known;
  const geo = await lookup();
  if (key) regions.set(key, geo);
  return geo;
}
