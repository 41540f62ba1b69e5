import type { Request, Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Caller, Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { hashOf, recordEvents, recordVideoEvent, recordViewing, recordViewings, sessionOf, type CallerWithAgent } from '../services/datalake.ts';

/* The channel's analytics, spec section 7's datalake (rules in services/datalake.ts, ADR 049). The
   spec lets each be a POST or a GET: both are mounted, with the same params. */

/** The caller, with the user agent of the request (a visitor's when a browser calls directly). */
const withAgent = (ctx: Caller & { req: Request }): CallerWithAgent => ({ ...ctx, userAgent: ctx.req.get('user-agent') ?? '' });

export function datalakeRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.datalakeHash, async (ctx) => ({ data: await hashOf(deps, withAgent(ctx), ctx.params) }));
  mount(router, deps, api.datalakeSession, async (ctx) => ({ data: await sessionOf(deps, withAgent(ctx), ctx.params) }));
  mount(router, deps, api.datalakeSessionGet, async (ctx) => ({ data: await sessionOf(deps, withAgent(ctx), ctx.params) }));
  mount(router, deps, api.datalakeEvent, async (ctx) => ({ data: await recordEvents(deps, withAgent(ctx), [ctx.params]) }));
  mount(router, deps, api.datalakeEventGet, async (ctx) => ({ data: await recordEvents(deps, withAgent(ctx), [ctx.params]) }));
  mount(router, deps, api.datalakeEvents, async (ctx) => ({ data: await recordEvents(deps, withAgent(ctx), ctx.params.events) }));
  mount(router, deps, api.datalakeVideoEvent, async (ctx) => ({ data: await recordVideoEvent(deps, withAgent(ctx), ctx.params) }));
  mount(router, deps, api.datalakeVideoEventGet, async (ctx) => ({ data: await recordVideoEvent(deps, withAgent(ctx), ctx.params) }));
  mount(router, deps, api.datalakeViewing, async (ctx) => ({ data: await recordViewing(deps, withAgent(ctx), ctx.params) }));
  mount(router, deps, api.datalakeViewingGet, async (ctx) => ({ data: await recordViewing(deps, withAgent(ctx), ctx.params) }));
  mount(router, deps, api.datalakeViewings, async (ctx) => ({ data: await recordViewings(deps, withAgent(ctx), ctx.params.views) }));
}
