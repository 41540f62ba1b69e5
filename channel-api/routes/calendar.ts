import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { feedGames, feedOfFan, makeFeed, stopFeed } from '../services/calendar.ts';

/* A fan's calendar feed (rules in services/calendar.ts). */

export function calendarRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.calendarFeed, async (ctx) => ({ data: await feedOfFan(deps, ctx) }));
  mount(router, deps, api.makeCalendarFeed, async (ctx) => ({ data: await makeFeed(deps, ctx) }));
  mount(router, deps, api.deleteCalendarFeed, async (ctx) => ({ data: await stopFeed(deps, ctx) }));
  mount(router, deps, api.calendarFeedGames, async (ctx) => ({ data: await feedGames(deps, ctx, ctx.params.token) }));
}
