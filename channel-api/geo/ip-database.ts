import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type CountryResponse } from 'maxmind';

/* The IP database (ADR 054): @ip-location-db/geo-whois-asn-country-mmdb, a country per address
   block made from the regional registries' and ASN data (CC0; the NRO's statistics in it are
   CC BY 4.0: the README credits nro.net), read with `maxmind` from memory — about 8 MB, opened
   once per process in some 15 ms, a lookup in microseconds. Updating it is `npm update` of the
   package (published several times a month). */

const require = createRequire(import.meta.url);
/** Where the package's combined IPv4+IPv6 database is. */
export const IP_DATABASE_FILE = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** The package's rows carry only `country_code`. */
type Row = CountryResponse & { country_code?: string };

let reader: Reader<Row> | null = null;

/** The country code the database has for an address, or null (loopback, private, unknown). */
export function databaseCountry(ip: string): string | null {
  reader ??= new Reader<Row>(readFileSync(IP_DATABASE_FILE));
  try {
    return reader.get(ip)?.country_code ?? null;
  } catch {
    // Not an address the reader takes.
    return null;
  }
}
