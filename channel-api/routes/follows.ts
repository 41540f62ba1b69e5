import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { follow, followedGames, followsOfFan, setAlerts, unfollow } from '../services/follows.ts';

/* What a fan follows (the spec's favorites; rules in services/follows.ts), with each follow's alert
   opt-ins. Mounted before the event routes: /events/favorite is not /events/:id. */

export function followRoutes(router: Router, deps: Deps) {
  const meta = { alert_lead_minutes: deps.alertLeadMinutes };
  mount(router, deps, api.follows, async (ctx) => ({ data: await followsOfFan(deps, ctx), meta }));
  mount(router, deps, api.addFollow, async (ctx) => ({ data: await follow(deps, ctx, ctx.params) }));
  mount(router, deps, api.deleteFollow, async (ctx) => ({ data: await unfollow(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.followAlerts, async (ctx) => ({ data: await setAlerts(deps, ctx, ctx.params), meta }));
  mount(router, deps, api.followedEvents, async (ctx) => followedGames(deps, ctx, ctx.params));
}
