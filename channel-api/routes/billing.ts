import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { deleteCard, listCards, setupIntent } from '../services/cards.ts';
import { customerPortal } from '../services/subscriptions.ts';

/* Manage billing (the provider's portal, ADR 016) and the fan's saved cards (ADR 018). */

export function billingRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.customerPortal, async (ctx) => ({ data: await customerPortal(deps, ctx, requireUser(ctx), ctx.params.return_url) }));
  mount(router, deps, api.listCards, async (ctx) => ({ data: await listCards(deps, ctx, requireUser(ctx)) }));
  mount(router, deps, api.setupIntent, async (ctx) => ({ data: await setupIntent(deps, ctx, requireUser(ctx), ctx.params.return_url) }));
  mount(router, deps, api.deleteCard, async (ctx) => ({ data: await deleteCard(deps, ctx, requireUser(ctx), ctx.params.payment_method_id) }));
}
