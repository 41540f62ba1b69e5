import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { geoRanges } from '../db/schema.ts';

/** The channel's own CIDR table (`geo.ranges` of its description): the override of the IP
 *  database (geo/country.ts). */
export const channelRanges = (db: Db, channelId: number) =>
  db.select({ cidr: geoRanges.cidr, countryCode: geoRanges.countryCode, country: geoRanges.country }).from(geoRanges).where(eq(geoRanges.channelId, channelId));
