import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { pageById } from '../repo/content.ts';

/* Content calls that are neither games nor on-demand videos (spec section 7): a page's body, the
 * channel's school facets, and the caller's region. */

export async function page(deps: Deps, { channel }: Pick<Caller, 'channel'>, id: number) {
  const found = await pageById(deps.db, channel.id, id);
  if (!found) throw notFound('Page not found');
  return found;
}

/** The caller's region (geo/regions.ts: the trusted header, the channel's CIDR table, the IP
 *  database; X-Forwarded-For and the header count only from our own web server, loopback). */
export const regionOf = ({ geo }: Pick<Caller, 'geo'>) => geo;
