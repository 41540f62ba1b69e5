import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { startTrial } from '../services/checkout.ts';
import { invoicePreview, unsubscribe } from '../services/subscriptions.ts';

/* A subscription's own calls (spec section 7, Payments): its free trial, the next invoice, and
   cancelling its renewal (ADR 016). */

export function subscriptionRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.startTrial, async (ctx) => ({ data: await startTrial(deps, ctx, ctx.params) }));
  mount(router, deps, api.invoicePreview, async (ctx) => ({ data: await invoicePreview(deps, ctx, requireUser(ctx), ctx.params) }));
  mount(router, deps, api.unsubscribe, async (ctx) => ({ data: await unsubscribe(deps, requireUser(ctx), ctx.params.order_id) }));
}
