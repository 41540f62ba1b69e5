import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { giftView, redeem, resendGift } from '../services/gifts.ts';

/* Gifts (ADR 019): the link's token is the proof; any signed-in fan may read and redeem it. Its
   buyer may mail it again (a lost mail, a mistyped address); a new link replaces the old one. */

export function giftRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.giftDetail, async (ctx) => ({ data: await giftView(deps, ctx, requireUser(ctx), ctx.params.token) }));
  mount(router, deps, api.redeemGift, async (ctx) => ({ data: await redeem(deps, ctx, requireUser(ctx), ctx.params.token) }));
  mount(router, deps, api.resendGift, async (ctx) => ({ data: await resendGift(deps, requireUser(ctx), ctx.params.order_id, ctx.params.recipient_email) }));
}
