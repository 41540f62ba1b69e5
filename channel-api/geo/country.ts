import net from 'node:net';
import { holds, parseAddress, parseCidr, type Address, type Cidr } from './cidr.ts';
import { asCountryCode } from '../../contract/regions.ts';

/* The one rule for which country a viewer is in (ADR 054), pure: given what is known of the
   request, in this order —
   1. a trusted proxy's country header (CF-IPCountry, or the one REGION_HEADER names): the web
      server hands it on only when TRUST_PROXY names the proxy, and a CDN keys its copies by it;
   2. the channel's own CIDR table (`geo.ranges`): the channel's override of the database (it may
      name private and test ranges too);
   3. the IP database shipped with the app (ip-database.ts), for a public address;
   4. the channel's default country (loopback and private addresses have none).
   regions.ts feeds it; everything that asks "may this viewer have this game" asks it there. */

/** A row of the channel's CIDR table, parsed once (parseRanges). */
export interface ParsedRange {
  cidr: Cidr;
  countryCode: string;
  country: string;
}

export interface CountryInput {
  /** The trusted proxy's country header, as the web server handed it on; null when none. */
  header: string | null;
  /** The viewer's address (an IPv4-mapped IPv6 address is read as IPv4). */
  ip: string;
  ranges: readonly ParsedRange[];
  /** The IP database: a country code for an address, or null. */
  database: (ip: string) => string | null;
  /** The channel's default country. */
  fallback: { countryCode: string; country: string };
}

export type CountrySource = 'header' | 'table' | 'database' | 'default';

export interface DecidedCountry {
  country_code: string;
  country: string;
  /** Where it came from (said in tests and the bench). */
  source: CountrySource;
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) → `1.2.3.4`. */
export const normaliseIp = (ip: string) => (ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/** The channel's CIDR rows as lookups; a row that is not a CIDR is left out. */
export function parseRanges(rows: readonly { cidr: string; countryCode: string; country: string }[]): ParsedRange[] {
  const parsed: ParsedRange[] = [];
  for (const row of rows) {
    const cidr = parseCidr(row.cidr);
    if (cidr) parsed.push({ cidr, countryCode: row.countryCode.toUpperCase(), country: row.country });
  }
  return parsed;
}

/** Addresses no country has: loopback, private, link-local, shared, documentation and multicast
 *  ranges (RFC 6890). The IP database places some of them (its registry data covers 192.168/16);
 *  they get the channel's default. */
const SPECIAL = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3',
  '::/127',
  'fc00::/7',
  'fe80::/10',
  '2001:db8::/32',
  'ff00::/8',
].map((c) => parseCidr(c)!);

/** Whether an address is one no country has (SPECIAL). */
export const isSpecialAddress = (address: Address) => SPECIAL.some((c) => holds(c, address));

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const named = new Map<string, string>();
/** A country's English name from its code ('CA' → 'Canada'); the code itself when unknown. */
export function countryName(code: string): string {
  let name = named.get(code);
  if (name === undefined) {
    try {
      name = names.of(code) ?? code;
    } catch {
      name = code;
    }
    if (named.size < 1000) named.set(code, name);
  }
  return name;
}

/** The viewer's country (see the order above). */
export function decideCountry(input: CountryInput): DecidedCountry {
  const fromHeader = asCountryCode(input.header);
  if (fromHeader) return { country_code: fromHeader, country: countryName(fromHeader), source: 'header' };
  const ip = normaliseIp(input.ip);
  const address = parseAddress(ip);
  if (address) {
    const hit = input.ranges.find((r) => holds(r.cidr, address));
    if (hit) return { country_code: hit.countryCode, country: hit.country, source: 'table' };
    const found = isSpecialAddress(address) ? null : asCountryCode(input.database(ip));
    if (found) return { country_code: found, country: countryName(found), source: 'database' };
  }
  return { country_code: input.fallback.countryCode, country: input.fallback.country, source: 'default' };
}
