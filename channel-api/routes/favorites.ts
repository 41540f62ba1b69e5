import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { favoritesOfFan, follow, followedGames, unfollow } from '../services/favorites.ts';

/* A fan's favorites (rules in services/favorites.ts). Mounted before the event routes:
   /events/favorite is not /events/:id. */

export function favoriteRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.favorites, async (ctx) => ({ data: await favoritesOfFan(deps, ctx) }));
  mount(router, deps, api.addFavorite, async (ctx) => ({ data: await follow(deps, ctx, ctx.params) }));
  mount(router, deps, api.deleteFavorite, async (ctx) => ({ data: await unfollow(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.favoriteEvents, async (ctx) => followedGames(deps, ctx, ctx.params));
}
