import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { clickPreroll, dismissPreroll } from '../services/prerolls.ts';

/* Pre-roll ads (ADR 050): a viewer's Skip (or the end of the ad) and the click-through; which
 * pre-roll a game gets is on events/{id} (services/prerolls.ts), its media media/preroll-router.ts. */

export function prerollRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.dismissPreroll, async (ctx) => ({ data: await dismissPreroll(deps, ctx, ctx.params.id, ctx.params.reason) }));
  mount(router, deps, api.prerollClick, async (ctx) => ({ data: await clickPreroll(deps, ctx, ctx.params.id) }));
}
