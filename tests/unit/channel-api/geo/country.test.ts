import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryName, decideCountry, parseRanges, type CountryInput } from '../../../../channel-api/geo/country.ts';
import { databaseCountry } from '../../../../channel-api/geo/ip-database.ts';

/* The one rule for a viewer's country (ADR 054): a trusted header, the channel's CIDR table, the
   IP database, the channel's default — in that order. */

const ranges = parseRanges([
  { cidr: '203.0.113.0/24', countryCode: 'zz', country: 'Restricted Test Region' },
  { cidr: '2001:db8::/32', countryCode: 'FR', country: 'France (test)' },
  { cidr: 'not-a-cidr', countryCode: 'DE', country: 'Nowhere' },
  { cidr: '10.0.0.0/99', countryCode: 'DE', country: 'Nowhere' },
]);
const database = (ip: string) => ({ '24.48.0.1': 'CA', '203.0.113.9': 'AU', '8.8.8.8': 'US' })[ip] ?? null;
const input = (over: Partial<CountryInput>): CountryInput => ({
  header: null,
  ip: '127.0.0.1',
  ranges,
  database,
  fallback: { countryCode: 'US', country: 'United States' },
  ...over,
});

describe('decideCountry', () => {
  it('believes the trusted header first, over the table and the database', () => {
    expect(decideCountry(input({ header: 'ca', ip: '203.0.113.9' }))).toEqual({ country_code: 'CA', country: 'Canada', source: 'header' });
  });

  it('takes the channel’s table over the database (its override), IPv4 and IPv6, IPv4-mapped addresses too', () => {
    expect(decideCountry(input({ ip: '203.0.113.9' }))).toEqual({ country_code: 'ZZ', country: 'Restricted Test Region', source: 'table' });
    expect(decideCountry(input({ ip: '::ffff:203.0.113.200' }))).toMatchObject({ country_code: 'ZZ', source: 'table' });
    expect(decideCountry(input({ ip: '2001:db8::1' }))).toMatchObject({ country_code: 'FR', source: 'table' });
  });

  it('then the IP database, with the country’s English name', () => {
    expect(decideCountry(input({ ip: '24.48.0.1' }))).toEqual({ country_code: 'CA', country: 'Canada', source: 'database' });
  });

  it('falls back to the channel’s default: loopback, private and test addresses (whatever the database says), not an address', () => {
    const everywhere = () => 'AU';
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.1.1',
      '198.51.100.7',
      '::1',
      'fd00::1',
      'fe80::1',
      '2001:db8::9',
    ]) {
      expect(decideCountry(input({ ip, ranges: [], database: everywhere })), ip).toMatchObject({ country_code: 'US', source: 'default' });
    }
    for (const ip of ['192.0.2.1', '', 'not-an-ip', '999.1.1.1']) {
      expect(decideCountry(input({ ip })), ip).toEqual({ country_code: 'US', country: 'United States', source: 'default' });
    }
    expect(decideCountry(input({ header: 'XX', ip: '24.48.0.1' }))).toMatchObject({ country_code: 'CA', source: 'database' });
  });

  it('leaves out table rows that are not CIDRs', () => {
    expect(ranges.map((r) => r.countryCode)).toEqual(['ZZ', 'FR']);
  });

  it('names a country it has no name for by its code', () => {
    expect(countryName('QQ')).toBe('QQ');
    expect(countryName('GB')).toBe('United Kingdom');
  });
});

describe('the shipped IP database (@ip-location-db/geo-whois-asn-country-mmdb)', () => {
  it('places well-known addresses, and has no country for loopback or malformed ones', () => {
    expect(databaseCountry('8.8.8.8')).toBe('US');
    expect(databaseCountry('2001:4860:4860::8888')).toBe('US');
    expect(databaseCountry('24.48.0.1')).toBe('CA');
    expect(databaseCountry('81.2.69.142')).toBe('GB');
    for (const none of ['127.0.0.1', '::1', 'not-an-ip', '']) expect(databaseCountry(none), none).toBeNull();
  });
});

describe('decideCountry on any input (fuzz)', () => {
  it('always answers a two-letter code, never throws, whatever the header and the address', () => {
    const text = fc.oneof(fc.string({ maxLength: 64 }), fc.ipV4(), fc.ipV6(), fc.constantFrom('::ffff:24.48.0.1', '::ffff:', '1.2.3.4/8', '\u0000CA'));
    fc.assert(
      fc.property(fc.option(text), text, (header, ip) => {
        const decided = decideCountry(input({ header, ip, database: databaseCountry }));
        expect(decided.country_code).toMatch(/^[A-Z]{2}$/);
        expect(decided.country.length).toBeGreaterThan(0);
      }),
      { numRuns: 500, seed: 54 },
    );
  });
});
