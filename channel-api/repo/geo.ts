import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { ChannelRow } from './channels.ts';
import type { Db } from '../db/client.ts';
import { geoRanges } from '../db/schema.ts';

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) → `1.2.3.4`. */
export const normaliseIp = (ip: string) => (ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

function contains(cidr: string, ip: string): boolean {
  const [network, bits] = cidr.split('/');
  const family = net.isIPv4(network) ? 'ipv4' : net.isIPv6(network) ? 'ipv6' : null;
  const ipFamily = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
  if (!family || family !== ipFamily) return false;
  const list = new net.BlockList();
  list.addSubnet(network, Number(bits ?? (family === 'ipv4' ? 32 : 128)), family);
  return list.check(ip, family);
}

/** Country of the client IP from the channel's CIDR table; unmatched addresses get the channel default. */
export async function geoOf(db: Db, channel: ChannelRow, rawIp: string) {
  const ip = normaliseIp(rawIp);
  const ranges = await db.select().from(geoRanges).where(eq(geoRanges.channelId, channel.id));
  const hit = ranges.find((r) => contains(r.cidr, ip));
  const country_code = hit?.countryCode ?? channel.defaultCountryCode;
  return {
    country: hit?.country ?? channel.defaultCountry,
    country_code,
    ip,
    is_geo_blocked: channel.blockedCountries.includes(country_code),
  };
}
