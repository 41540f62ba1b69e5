import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import { hasVodAccess } from '../access.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { mount } from '../http/route.ts';
import { listVod, vodById, vodCategoriesOf, vodItemOut, vodRailsOf } from '../repo/vod.ts';

export function vodRoutes(router: Router, deps: Deps) {
  const { db } = deps;
  mount(router, deps, api.vodMediaItems, async ({ channel, params }) => listVod(db, channel.id, params));
  mount(router, deps, api.vodMediaItem, async ({ channel, params, viewer, user, apiKey }) => {
    const item = await vodById(db, channel.id, params.id);
    if (!item) throw notFound('Media item not found');
    const access = hasVodAccess(item, viewer);
    const playback = await deps.media.videoPlayback({ user, apiKey }, item, access);
    return { data: { ...vodItemOut(item), type: item.type, has_access: access, ...playback } };
  });
  mount(router, deps, api.vodMediaCategories, async ({ channel }) => ({ data: await vodCategoriesOf(db, channel.id) }));
  mount(router, deps, api.vodMediaSearch, async ({ channel, params }) => listVod(db, channel.id, params));
  mount(router, deps, api.vodMediaRails, async ({ channel }) => ({ data: await vodRailsOf(db, channel.id) }));
}
