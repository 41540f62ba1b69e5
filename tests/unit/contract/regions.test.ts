import { describe, expect, it } from 'vitest';
import { asCountryCode, blockedIn, regionBlocks } from '#contract/regions';
import { countryCode } from '../../../channel-api/seed/regions.ts';

/* The blackout rule (ADR 054): the same on the web app's pages and at the channel API. */

describe('blockedIn: the channel’s blocked countries and the game’s blackout', () => {
  const rules = { blockedCountries: ['ZZ'], blackoutCountries: ['CA', 'GB'] };

  it('blocks a country the channel blocks, for every game', () => {
    expect(blockedIn('ZZ', rules)).toBe(true);
    expect(blockedIn('ZZ', { blockedCountries: ['ZZ'], blackoutCountries: [] })).toBe(true);
  });

  it('blocks the game where it is blacked out, and nowhere else', () => {
    expect(blockedIn('CA', rules)).toBe(true);
    expect(blockedIn('GB', rules)).toBe(true);
    expect(blockedIn('US', rules)).toBe(false);
    expect(blockedIn('CA', { blockedCountries: [], blackoutCountries: [] })).toBe(false);
  });
});

describe('regionBlocks: GET /geo’s answer and a game’s blackout', () => {
  it('follows is_geo_blocked whatever the game, then the blackout by country', () => {
    expect(regionBlocks({ is_geo_blocked: true, country_code: 'ZZ' })).toBe(true);
    expect(regionBlocks({ is_geo_blocked: false, country_code: 'CA' }, ['CA'])).toBe(true);
    expect(regionBlocks({ is_geo_blocked: false, country_code: 'US' }, ['CA'])).toBe(false);
    expect(regionBlocks({ is_geo_blocked: false, country_code: 'CA' })).toBe(false);
  });
});

describe('country codes', () => {
  it('reads a description’s code in either case, and refuses what is not one', () => {
    expect(countryCode.parse('ca')).toBe('CA');
    expect(countryCode.parse(' GB ')).toBe('GB');
    for (const bad of ['', 'C', 'CAN', '1A', 'C-']) expect(countryCode.safeParse(bad).success, bad).toBe(false);
  });

  it('takes a header’s or a database’s value only when it names a country (XX and T1 are Cloudflare’s “unknown” and Tor)', () => {
    expect(asCountryCode('ca')).toBe('CA');
    for (const none of [null, undefined, '', 'XX', 'T1', 'Canada', ' ']) expect(asCountryCode(none), String(none)).toBeNull();
  });
});
