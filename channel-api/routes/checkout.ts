import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { buy, buyBundle } from '../services/checkout.ts';
import { packagePage, subscriptionPage } from '../services/product-pages.ts';
import { planPurchase, quoteOf } from '../services/purchase.ts';

/* Buying (spec section 7, Payments): a product's page with what the fan owns of it, the price of a
   purchase (with a promotion code), and starting it. The rules: services/purchase.ts (what it is
   and costs), services/checkout.ts (starting it). */

export function checkoutRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.packageDetail, async (ctx) => ({ data: await packagePage(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.subscriptionDetail, async (ctx) => ({ data: await subscriptionPage(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.purchaseQuote, async (ctx) => ({ data: quoteOf(await planPurchase(deps, ctx, requireUser(ctx), ctx.params), deps.payments.name) }));
  // The quote with a promotion code applied; a code that cannot be used is 'Wrong promo code' on `code`.
  mount(router, deps, api.applyCoupon, async (ctx) => {
    const { code, ...ids } = ctx.params;
    return { data: quoteOf(await planPurchase(deps, ctx, requireUser(ctx), { ...ids, promotion_code: code }, 'code'), deps.payments.name) };
  });
  mount(router, deps, api.buy, async (ctx) => ({ data: await buy(deps, ctx, ctx.params) }));
  mount(router, deps, api.buyBundle, async (ctx) => ({ data: await buyBundle(deps, ctx, ctx.params) }));
}
