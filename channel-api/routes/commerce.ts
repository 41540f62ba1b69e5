import type { Router } from 'express';
import { api, ORDER_MSG } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { mount, requireUser } from '../http/route.ts';
import { packageById, subscriptionById } from '../repo/catalogue.ts';
import { ordersOf } from '../repo/orders.ts';
import { deleteCard, listCards, setupIntent } from '../services/cards.ts';
import { startCheckout } from '../services/checkout.ts';
import { orderForPage } from '../services/fulfilment.ts';
import { giftOf, giftView, redeem, resendGift } from '../services/gifts.ts';
import { packageView, subscriptionView } from '../services/product-pages.ts';
import { planPurchase, quoteOf } from '../services/purchase.ts';
import { customerPortal, invoicePreview, planTrial, unsubscribe } from '../services/subscriptions.ts';

/* Selling access (spec section 7, Payments): products with what the fan owns of them, the price
   of a purchase, buying it, and the fan's orders. The rules are in services/purchase.ts,
   services/checkout.ts and services/fulfilment.ts (an order page's settlement too). */

export function commerceRoutes(router: Router, deps: Deps) {
  const { db } = deps;

  mount(router, deps, api.packageDetail, async (ctx) => {
    const pkg = await packageById(db, ctx.channel.id, ctx.params.id);
    if (!pkg) throw notFound(ORDER_MSG.passNotFound);
    return { data: await packageView(deps, ctx, pkg) };
  });

  mount(router, deps, api.subscriptionDetail, async (ctx) => {
    const sub = await subscriptionById(db, ctx.channel.id, ctx.params.id);
    if (!sub) throw notFound(ORDER_MSG.passNotFound);
    return { data: subscriptionView(ctx, sub) };
  });

  mount(router, deps, api.purchaseQuote, async (ctx) => ({ data: quoteOf(await planPurchase(deps, ctx, requireUser(ctx), ctx.params), deps.payments.name) }));

  // The quote with a promotion code applied; a code that cannot be used is 'Wrong promo code' on `code`.
  mount(router, deps, api.applyCoupon, async (ctx) => {
    const { code, ...ids } = ctx.params;
    return { data: quoteOf(await planPurchase(deps, ctx, requireUser(ctx), { ...ids, promotion_code: code }, 'code'), deps.payments.name) };
  });

  mount(router, deps, api.buy, async (ctx) => {
    const user = requireUser(ctx);
    const { idempotency_key, gift_email, gift_message, payment_method_id, ...ids } = ctx.params;
    const gift = giftOf(user, gift_email, gift_message);
    const plan = await planPurchase(deps, ctx, user, { ...ids, gift: gift !== null });
    return { data: await startCheckout(deps, ctx, user, plan, idempotency_key, gift, payment_method_id) };
  });

  mount(router, deps, api.buyBundle, async (ctx) => {
    const user = requireUser(ctx);
    const { idempotency_key, gift_email, gift_message, payment_method_id, ...ids } = ctx.params;
    // A bundle is a package with its choices; a missing package is no product at all.
    if (ids.package_id === undefined) throw new HttpError(400, 'not_selected', ORDER_MSG.idNotSelected, { package_id: [ORDER_MSG.idNotSelected] });
    const gift = giftOf(user, gift_email, gift_message);
    const plan = await planPurchase(deps, ctx, user, { ...ids, gift: gift !== null });
    return { data: await startCheckout(deps, ctx, user, plan, idempotency_key, gift, payment_method_id) };
  });

  mount(router, deps, api.startTrial, async (ctx) => {
    const user = requireUser(ctx);
    const { idempotency_key, subscription_id, promotion_code } = ctx.params;
    return { data: await startCheckout(deps, ctx, user, await planTrial(deps, ctx, user, subscription_id, promotion_code), idempotency_key) };
  });

  mount(router, deps, api.invoicePreview, async (ctx) => ({ data: await invoicePreview(deps, ctx, requireUser(ctx), ctx.params) }));

  mount(router, deps, api.unsubscribe, async (ctx) => ({ data: await unsubscribe(deps, requireUser(ctx), ctx.params.order_id) }));

  mount(router, deps, api.customerPortal, async (ctx) => ({ data: await customerPortal(deps, ctx, requireUser(ctx), ctx.params.return_url) }));

  // Gifts (ADR 019): the link's token is the proof; any signed-in fan may read and redeem it.
  mount(router, deps, api.giftDetail, async (ctx) => ({ data: await giftView(deps, ctx, requireUser(ctx), ctx.params.token) }));

  mount(router, deps, api.redeemGift, async (ctx) => ({ data: await redeem(deps, ctx, requireUser(ctx), ctx.params.token) }));

  // Its buyer mails it again (a lost mail, a mistyped address); a new link replaces the old one.
  mount(router, deps, api.resendGift, async (ctx) => ({
    data: await resendGift(deps, requireUser(ctx), ctx.params.order_id, ctx.params.recipient_email),
  }));

  mount(router, deps, api.listCards, async (ctx) => ({ data: await listCards(deps, ctx, requireUser(ctx)) }));

  mount(router, deps, api.setupIntent, async (ctx) => ({ data: await setupIntent(deps, ctx, requireUser(ctx), ctx.params.return_url) }));

  mount(router, deps, api.deleteCard, async (ctx) => ({ data: await deleteCard(deps, ctx, requireUser(ctx), ctx.params.payment_method_id) }));

  mount(router, deps, api.orders, async (ctx) => {
    const user = requireUser(ctx);
    const { params } = ctx;
    return ordersOf(db, user.id, { limit: params.no_limit ? undefined : params.limit, offset: params.offset, activityStatus: params.activity_status });
  });

  mount(router, deps, api.orderDetail, async (ctx) => ({ data: await orderForPage(deps, requireUser(ctx), ctx.params.id) }));
}
