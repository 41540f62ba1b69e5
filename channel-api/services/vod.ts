import { hasVodAccess } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { listVod, vodById, vodCategoriesOf, vodItemOut, vodRailsOf, type VodQuery } from '../repo/vod.ts';

/* Video on demand (spec section 7): lists, search, one video with its playback, categories and rails. */

export const vodList = (deps: Deps, { channel }: Pick<Caller, 'channel'>, q: VodQuery) => listVod(deps.db, channel.id, q);

/** One video, with whether the caller may watch it and its playback (a media grant when they may). */
export async function vodPage(deps: Deps, caller: Caller, id: number) {
  const { channel, viewer, user, apiKey } = caller;
  const item = await vodById(deps.db, channel.id, id);
  if (!item) throw notFound('Media item not found');
  const access = hasVodAccess(item, viewer);
  const playback = await deps.media.videoPlayback({ user, apiKey, country: caller.geo.country_code }, item, access && !caller.geo.is_geo_blocked);
  return { ...vodItemOut(item), type: item.type, has_access: access, ...playback };
}

export const vodCategories = (deps: Deps, { channel }: Pick<Caller, 'channel'>) => vodCategoriesOf(deps.db, channel.id);
export const vodRails = (deps: Deps, { channel }: Pick<Caller, 'channel'>) => vodRailsOf(deps.db, channel.id);
