import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { downloadEvent } from '../services/downloads.ts';
import { eventList, eventPage, homepageRows, sports } from '../services/events.ts';

/* Games (spec section 7, events); the rules in services/events.ts, a download's in services/downloads.ts. */

export function eventRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.events, async (ctx) => eventList(deps, ctx, ctx.params));
  mount(router, deps, api.event, async (ctx) => ({ data: await eventPage(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.downloadEvent, async (ctx) => ({ data: await downloadEvent(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.eventsCategories, async (ctx) => ({ data: await sports(deps, ctx) }));
  mount(router, deps, api.eventsForHomepage, async (ctx) => ({ data: await homepageRows(deps, ctx) }));
}
