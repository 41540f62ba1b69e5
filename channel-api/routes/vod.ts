import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { vodCategories, vodList, vodPage, vodRails } from '../services/vod.ts';

/* Video on demand (spec section 7); the rules in services/vod.ts. */

export function vodRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.vodMediaItems, async (ctx) => vodList(deps, ctx, ctx.params));
  mount(router, deps, api.vodMediaItem, async (ctx) => ({ data: await vodPage(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.vodMediaCategories, async (ctx) => ({ data: await vodCategories(deps, ctx) }));
  mount(router, deps, api.vodMediaSearch, async (ctx) => vodList(deps, ctx, ctx.params));
  mount(router, deps, api.vodMediaRails, async (ctx) => ({ data: await vodRails(deps, ctx) }));
}
