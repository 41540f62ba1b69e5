import { decideCountry, parseRanges, type CountryInput } from '../../channel-api/geo/country.ts';
import { databaseCountry } from '../../channel-api/geo/ip-database.ts';

/* The viewer's country per request (ADR 054), for `npm run bench`: channel-api/geo/country.ts's
   rule as every channel call and media file asks it, in this process — the IP database
   (@ip-location-db/geo-whois-asn-country-mmdb read by maxmind), behind a channel CIDR table of
   RANGES rows that misses, and a trusted proxy's header. Addresses drawn at random over the
   public IPv4 space, so the database's tree is walked as by real traffic. */

const LOOKUPS = 200_000;
const RANGES = 100;

export interface RegionFigures {
  lookups: number;
  /** Microseconds per lookup: the IP database (the channel's table empty). */
  databaseMicros: number;
  /** The same behind a table of RANGES rows that all miss. */
  tableAndDatabaseMicros: number;
  /** A trusted proxy's header (nothing else read). */
  headerMicros: number;
  /** Whether the database opened in the measure (its first lookup reads the 8 MB file). */
  openMs: number;
}

function randomPublicIp(): string {
  for (;;) {
    const a = 1 + Math.floor(Math.random() * 223);
    if (a === 10 || a === 127 || a === 100 || a === 169 || a === 172 || a === 192 || a === 198 || a === 203) continue;
    return `${a}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  }
}

function micros(inputs: CountryInput[]): number {
  const started = process.hrtime.bigint();
  let sink = 0;
  for (const input of inputs) sink += decideCountry(input).country_code.length;
  const ns = Number(process.hrtime.bigint() - started);
  if (sink === 0) throw new Error('no lookups');
  return Math.round((ns / inputs.length / 1000) * 100) / 100;
}

export function regionsBench(): RegionFigures {
  const opened = performance.now();
  databaseCountry('8.8.8.8');
  const openMs = Math.round(performance.now() - opened);
  const fallback = { countryCode: 'US', country: 'United States' };
  const table = parseRanges(Array.from({ length: RANGES }, (_, i) => ({ cidr: `198.18.${i}.0/24`, countryCode: 'ZZ', country: 'Test' })));
  const ips = Array.from({ length: LOOKUPS }, randomPublicIp);
  const plain = ips.map((ip): CountryInput => ({ header: null, ip, ranges: [], database: databaseCountry, fallback }));
  // Warm up (JIT, the database's pages).
  micros(plain.slice(0, 20_000));
  return {
    lookups: LOOKUPS,
    databaseMicros: micros(plain),
    tableAndDatabaseMicros: micros(ips.map((ip) => ({ header: null, ip, ranges: table, database: databaseCountry, fallback }))),
    headerMicros: micros(ips.map((ip) => ({ header: 'CA', ip, ranges: table, database: databaseCountry, fallback }))),
    openMs,
  };
}

export const regionsRows = (r: RegionFigures): [string, string, string][] => [
  ['country per request: the IP database', `${r.databaseMicros} µs (${r.lookups} random public addresses; opened in ${r.openMs} ms)`, ''],
  [`country per request: a ${RANGES}-row channel table, then the database`, `${r.tableAndDatabaseMicros} µs`, ''],
  ['country per request: a trusted proxy’s header', `${r.headerMicros} µs`, ''],
];
