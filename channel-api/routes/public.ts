import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import * as shown from '../services/public.ts';

/** Calls that need no api key (spec section 7, public). */
export function publicRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.settings, async (ctx) => ({ data: shown.settings(ctx) }));
  mount(router, deps, api.menu, async (ctx) => ({ data: await shown.menu(deps, ctx) }));
  mount(router, deps, api.slides, async (ctx) => ({ data: await shown.slides(deps, ctx, { type: ctx.params.type, belongsToId: ctx.params.belongs_to_id }) }));
  mount(router, deps, api.pages, async (ctx) => ({ data: await shown.pages(deps, ctx) }));
  mount(router, deps, api.colorSettings, async ({ channel }) => ({ data: channel.colorSettings }));
  mount(router, deps, api.faq, async (ctx) => ({ data: await shown.faq(deps, ctx) }));
  mount(router, deps, api.eventsLocations, async (ctx) => ({ data: await shown.venues(deps, ctx) }));
  mount(router, deps, api.subscriptions, async (ctx) => ({ data: await shown.subscriptions(deps, ctx) }));
  mount(router, deps, api.packages, async (ctx) => ({ data: await shown.packages(deps, ctx) }));
  mount(router, deps, api.participants, async (ctx) => ({
    data: await shown.participants(deps, ctx, { noLimit: ctx.params.no_limit === 1, groupId: ctx.params.participant_group_id }),
  }));
  mount(router, deps, api.participantGroups, async (ctx) => ({ data: await shown.participantGroups(deps, ctx) }));
  mount(router, deps, api.channelBootstrapData, async (ctx) => ({ data: await shown.bootstrap(deps, ctx) }));
}
