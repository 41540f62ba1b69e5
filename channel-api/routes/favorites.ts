import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { describeUnsubscribe, unsubscribe } from '../services/alert-unsubscribe.ts';
import { favoritesOfFan, follow, followedGames, setAlerts, unfollow } from '../services/favorites.ts';

/* A fan's favorites (rules in services/favorites.ts) and their alert mails' unsubscribe address
   (services/alert-unsubscribe.ts). Mounted before the event routes:
   /events/favorite is not /events/:id. */

export function favoriteRoutes(router: Router, deps: Deps) {
  const meta = { alert_lead_minutes: deps.alertLeadMinutes };
  mount(router, deps, api.favorites, async (ctx) => ({ data: await favoritesOfFan(deps, ctx), meta }));
  mount(router, deps, api.addFavorite, async (ctx) => ({ data: await follow(deps, ctx, ctx.params) }));
  mount(router, deps, api.deleteFavorite, async (ctx) => ({ data: await unfollow(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.favoriteAlerts, async (ctx) => ({ data: await setAlerts(deps, ctx, ctx.params), meta }));
  mount(router, deps, api.alertUnsubscribe, async (ctx) => ({ data: await describeUnsubscribe(deps, ctx, ctx.params.token) }));
  mount(router, deps, api.confirmAlertUnsubscribe, async (ctx) => ({ data: await unsubscribe(deps, ctx, ctx.params.token) }));
  mount(router, deps, api.favoriteEvents, async (ctx) => followedGames(deps, ctx, ctx.params));
}
