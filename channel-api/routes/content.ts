import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { page, regionOf } from '../services/content.ts';

/** Content calls that are neither games nor VOD: page bodies, group properties, geo. */
export function contentRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.page, async (ctx) => ({ data: await page(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.participantGroupProperties, async ({ channel }) => ({ data: channel.groupProperties }));
  mount(router, deps, api.geo, async (ctx) => ({ data: regionOf(ctx) }));
}
