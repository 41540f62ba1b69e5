import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { pageById } from '../repo/content.ts';
import { geoOf } from '../repo/geo.ts';

/* Content calls that are neither games nor on-demand videos (spec section 7): a page's body, the
 * channel's school facets, and the caller's region. */

export async function page(deps: Deps, { channel }: Pick<Caller, 'channel'>, id: number) {
  const found = await pageById(deps.db, channel.id, id);
  if (!found) throw notFound('Page not found');
  return found;
}

/** The caller's region from their address (X-Forwarded-For counts only from our own web server:
 *  Express's trust proxy is loopback). */
export const regionOf = (deps: Deps, { channel }: Pick<Caller, 'channel'>, ip: string) => geoOf(deps.db, channel, ip);
