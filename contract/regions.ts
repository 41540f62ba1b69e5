/* Regions and blackouts (ADR 054): which country a viewer is in is decided once, by the channel
   API (channel-api/geo/); whether that country may have a game is this rule, the same on both
   sides — the web app's watch page and multi-view tiles, the channel API's grant, clip, download
   and media origin. No schema here: the browser's code reads these rules (ADR 066). */

/** A country code a header or a database gave, or null when it is not one (`XX`, `T1`, empty). */
export function asCountryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** The header the web server hands the viewer's country on in, to the channel API and its media
 *  (only what a proxy TRUST_PROXY names said, under CF-IPCountry or REGION_HEADER); the channel
 *  API believes it only from loopback, as X-Forwarded-For. */
export const VIEWER_COUNTRY_HEADER = 'x-viewer-country';

/** What a game's region rules are: the channel's blocked countries, and the game's blackout. */
export interface RegionRules {
  /** The channel's `geo.blocked_countries`: no game at all there. */
  blockedCountries: readonly string[];
  /** The game's `blackout_countries`: this game not there. */
  blackoutCountries: readonly string[];
}

/** Whether a viewer in `country` may not have the game: the channel blocks the country, or the
 *  game is blacked out there. */
export function blockedIn(country: string, rules: RegionRules): boolean {
  return rules.blockedCountries.includes(country) || rules.blackoutCountries.includes(country);
}

/** Whether a viewer of this region may not have a game: the channel blocks their country (GET
 *  /geo's `is_geo_blocked`), or the game (its `blackout_countries`) is blacked out there. The web
 *  app's watch page and multi-view tiles decide with it. */
export function regionBlocks(geo: { is_geo_blocked: boolean; country_code: string }, blackoutCountries: readonly string[] = []): boolean {
  return geo.is_geo_blocked || blackoutCountries.includes(geo.country_code);
}

/** The refusal every channel call gives a viewer from a region a game is not shown in. */
export const REGION_REFUSAL = { code: 'geo_blocked', message: "We're sorry, but this content is not available in your region." } as const;
