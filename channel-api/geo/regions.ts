import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { decideCountry, parseRanges, type DecidedCountry, type ParsedRange } from './country.ts';
import { databaseCountry } from './ip-database.ts';
import type { Geo } from '../../contract/index.ts';
import { blockedIn, VIEWER_COUNTRY_HEADER } from '../../contract/regions.ts';
import type { Db } from '../db/client.ts';
import { defaultChannel, type ChannelRow } from '../repo/channels.ts';
import { channelRanges } from '../repo/geo.ts';

/* The viewer's region, per request (ADR 054): the one place the channel API works out a country
   (country.ts's rule over the trusted header, the channel's CIDR table and the IP database).
   The channel's table and the default channel are read at most once per TABLE_TTL_MS, so a media
   file costs no query for it. */

/** How long the channel's CIDR table (and which channel is the default) is trusted. */
export const TABLE_TTL_MS = 30_000;

export interface Regions {
  /** The region of an address (and the trusted header's country, if any) for a channel. */
  of(channel: ChannelRow, ip: string, header: string | null): Promise<Geo & { source: DecidedCountry['source'] }>;
  /** The region of an HTTP request: its address (X-Forwarded-For from our web servers) and header. */
  ofRequest(channel: ChannelRow, req: Request): Promise<Geo>;
  /** The channel public calls and the media belong to (cached). */
  defaultChannel(): Promise<ChannelRow | undefined>;
}

/** The trusted country header of a request (VIEWER_COUNTRY_HEADER): only from our own web
 *  servers (the addresses TRUST_WEB_SERVERS names, loopback by default: the app's `trust proxy`,
 *  which also decides whose X-Forwarded-For `req.ip` believes), which set it from a proxy their
 *  TRUST_PROXY names, or leave it out. */
export function viewerCountryHeader(req: Pick<Request, 'socket' | 'get' | 'app'>): string | null {
  const trusts = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return trusts(req.socket.remoteAddress ?? '', 0) ? (req.get(VIEWER_COUNTRY_HEADER) ?? null) : null;
}

export function regions(db: Db, opts: { database?: (ip: string) => string | null } = {}): Regions {
  const database = opts.database ?? databaseCountry;
  const tables = new LRUCache<number, Promise<ParsedRange[]>>({ max: 100, ttl: TABLE_TTL_MS });
  const tableOf = (channelId: number) => {
    let table = tables.get(channelId);
    if (!table) {
      table = channelRanges(db, channelId).then(parseRanges);
      table.catch(() => tables.delete(channelId));
      tables.set(channelId, table);
    }
    return table;
  };
  let channel: { row: Promise<ChannelRow | undefined>; until: number } | null = null;

  const of: Regions['of'] = async (row, ip, header) => {
    const decided = decideCountry({
      header,
      ip,
      ranges: await tableOf(row.id),
      database,
      fallback: { countryCode: row.defaultCountryCode, country: row.defaultCountry },
    });
    return {
      country: decided.country,
      country_code: decided.country_code,
      ip,
      is_geo_blocked: blockedIn(decided.country_code, { blockedCountries: row.blockedCountries, blackoutCountries: [] }),
      source: decided.source,
    };
  };
  return {
    of,
    ofRequest: async (row, req) => {
      const { source: _source, ...geo } = await of(row, req.ip ?? req.socket.remoteAddress ?? '', viewerCountryHeader(req));
      return geo;
    },
    defaultChannel() {
      if (!channel || channel.until <= Date.now()) {
        channel = { row: defaultChannel(db), until: Date.now() + TABLE_TTL_MS };
      }
      return channel.row;
    },
  };
}
