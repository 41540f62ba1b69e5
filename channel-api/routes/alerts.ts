import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { describeUnsubscribe, unsubscribe } from '../services/alert-unsubscribe.ts';

/* The unsubscribe address every alert mail carries (issue 24, ADR 036): its signed token is the
   only credential (services/alert-unsubscribe.ts). A follow's alert opt-ins are routes/follows.ts. */

export function alertRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.alertUnsubscribe, async (ctx) => ({ data: await describeUnsubscribe(deps, ctx, ctx.params.token) }));
  mount(router, deps, api.confirmAlertUnsubscribe, async (ctx) => ({ data: await unsubscribe(deps, ctx, ctx.params.token) }));
}
