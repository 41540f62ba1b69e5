import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import { hasAccess, watchable } from '../access.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { mount } from '../http/route.ts';
import { eventCategoriesOf } from '../repo/catalogue.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById, eventsForHomepage, listEvents } from '../repo/events.ts';
import { downloadEvent, gameFeatures } from '../services/downloads.ts';

export function eventRoutes(router: Router, deps: Deps) {
  const { db } = deps;
  mount(router, deps, api.events, async ({ channel, params }) => listEvents(db, channel.id, params, nowSeconds()));
  mount(router, deps, api.event, async ({ channel, params, viewer, user, apiKey }) => {
    const found = await eventById(db, channel.id, params.id, nowSeconds());
    if (!found) throw notFound('Event not found');
    const access = hasAccess(watchable(found.out), viewer);
    const playback = await deps.media.eventPlayback({ user, apiKey }, { ...found.out, asset: found.asset }, access);
    return { data: { ...found.out, has_access: access, ...playback, features: gameFeatures(found, viewer, access) } };
  });
  mount(router, deps, api.downloadEvent, async (ctx) => ({ data: await downloadEvent(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.eventsCategories, async ({ channel }) => ({ data: await eventCategoriesOf(db, channel.id) }));
  mount(router, deps, api.eventsForHomepage, async ({ channel }) => ({ data: await eventsForHomepage(db, channel.id, nowSeconds()) }));
}
