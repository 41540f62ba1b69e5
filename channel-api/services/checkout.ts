import type { api } from '../../contract/index.ts';
import { ORDER_MSG } from '../../contract/orders.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { recurringOf } from './billing.ts';
import { outcomeOf, readCheckout, reconcile, settleAndNotify, type Settlement } from './fulfilment.ts';
import { giftOf } from './gifts.ts';
import { CHECKOUT_TTL_MS, replacedBy, takeHolds } from './holds.ts';
import { planPurchase, type PurchasePlan } from './purchase.ts';
import { planTrial } from './subscriptions.ts';
import { conflict, HttpError, providerUnavailable } from '../http/errors.ts';
import { requireUser } from '../http/route.ts';
import { isPaymentId } from '../payments/provider.ts';
import {
  firstOrderOf,
  insertPurchase,
  openPurchasesOf,
  purchaseById,
  purchaseByKey,
  setPurchaseSession,
  type NewGift,
  type PurchaseRow,
} from '../repo/purchases.ts';
import { updateUser, type UserRow } from '../repo/users.ts';
import { webPaths } from '../web-links.ts';

/*
 * Starting a purchase (POST stripe/buy, stripe/buy_bundle): the orders are written first (created,
 * inactive), then the provider's checkout is made outside any transaction (PGlite runs one at a
 * time; a network call must never hold it), and the fan is sent to it. The form's idempotency key
 * makes a double click or a resubmitted form the same purchase. With one of the fan's saved cards
 * (ADR 018) there is no checkout: the card is charged at once, and the fan goes to the order page
 * or, when the card needs it, to the bank's page first.
 */

export interface Started {
  order_id: number;
  redirect_url: string;
}

/** POST stripe/buy: a pass, package, subscription or single game (with its choices, as a gift or
 *  not), priced on the server and started. */
export async function buy(deps: Deps, caller: Caller, params: ParamsOf<typeof api.buy>): Promise<Started> {
  const user = requireUser(caller);
  const { idempotency_key, gift_email, gift_message, payment_method_id, trk, ...ids } = params;
  const gift = giftOf(user, gift_email, gift_message);
  const plan = await planPurchase(deps, caller, user, { ...ids, gift: gift !== null });
  return startCheckout(deps, caller, user, plan, idempotency_key, gift, payment_method_id, trk);
}

/** POST stripe/buy_bundle: a package with its choices (and an add-on); without a package there is
 *  no product at all. */
export async function buyBundle(deps: Deps, caller: Caller, params: ParamsOf<typeof api.buyBundle>): Promise<Started> {
  if (params.package_id === undefined) throw new HttpError(400, 'not_selected', ORDER_MSG.idNotSelected, { package_id: [ORDER_MSG.idNotSelected] });
  return buy(deps, caller, params);
}

/** POST stripe/subscription/start_trial: a subscription's free trial, started as a checkout (the card is kept
 *  for the first charge). */
export async function startTrial(deps: Deps, caller: Caller, params: ParamsOf<typeof api.startTrial>): Promise<Started> {
  const user = requireUser(caller);
  const plan = await planTrial(deps, caller, user, params.subscription_id, params.promotion_code);
  return startCheckout(deps, caller, user, plan, params.idempotency_key, null, undefined, params.trk);
}

export async function startCheckout(
  deps: Deps,
  caller: Caller,
  user: UserRow,
  plan: PurchasePlan,
  idempotencyKey: string,
  gift: NewGift | null = null,
  paymentMethodId?: string,
  /** The outer tracking code the fan came with (ADR 049). */
  trk?: string,
): Promise<Started> {
  const again = await purchaseByKey(deps.db, user.id, idempotencyKey);
  if (again) return startedAgain(deps, again, plan);
  // Checked before anything is written: another fan's card, or a removed one, changes nothing.
  if (paymentMethodId) await requireOwnCard(deps, caller, user, plan, paymentMethodId);

  // A new attempt at the same product ends the older one still open (its order fails, its poller
  // stops), unless the fan paid it meanwhile (in another tab, its webhook not here yet); so does
  // one that holds what this one needs (its limited code, the trial: services/holds.ts).
  for (const open of await openPurchasesOf(deps.db, user.id)) {
    // The same form sent twice at once: the other request made it since we looked. It is this
    // purchase, never an older one to end.
    if (open.idempotencyKey === idempotencyKey) return startedAgain(deps, open, plan);
    if (!replacedBy(open, plan)) continue;
    if ((await endReplaced(deps, open)) === 'paid' && open.productKey === plan.productKey)
      throw new HttpError(409, 'already_bought', ORDER_MSG.alreadyBought(plan.type));
  }

  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS);
  const created = await insertPurchase(
    deps.db,
    {
      channelId: caller.channel.id,
      userId: user.id,
      productKey: plan.productKey,
      provider: deps.payments.name,
      idempotencyKey,
      amountCents: plan.totalCents,
      serviceFeeCents: plan.serviceFeeCents,
      currency: plan.currency,
      period: plan.period,
      couponId: plan.coupon?.id ?? null,
      discountCents: plan.discountCents,
      trialDays: plan.trial?.days ?? null,
      paymentMethodId: paymentMethodId ?? null,
      expiresAt,
      trk: trk ?? null,
    },
    plan.orders,
    plan.gift ? gift : null,
    (tx) => takeHolds(tx, plan, { channelId: caller.channel.id, userId: user.id }, now),
  );
  if (!created) {
    // The same form, submitted twice at once: the first one won.
    const first = await purchaseByKey(deps.db, user.id, idempotencyKey);
    if (first) return startedAgain(deps, first, plan);
    throw conflict('This purchase was just started. Please reload the page.');
  }
  const { purchase, orders } = created;
  const orderId = orders[0].id;
  if (plan.totalCents === 0 && plan.mode === 'payment') {
    // Nothing to pay (a 100 % promotion code, no service fee): no checkout, which Stripe would
    // refuse for 0 anyway. Paid at once through fulfilment (access, the code's use, the receipt).
    await settleAndNotify(deps, purchase.id, { status: 'paid' });
    return { order_id: orderId, redirect_url: webPaths.order(orderId) };
  }
  if (paymentMethodId) return chargeSavedCard(deps, caller, user, plan, { purchaseId: purchase.id, orderId, paymentMethodId, idempotencyKey });

  let session;
  try {
    session = await deps.payments.createCheckout({
      purchaseId: purchase.id,
      channelId: caller.channel.id,
      mode: plan.mode,
      customer: { userId: user.id, email: user.email, stripeCustomerId: user.stripeCustomerId },
      trialDays: plan.trial?.days ?? null,
      lines: [
        // With a promotion code each line is charged its discounted amount, and says so.
        ...plan.orders.map((o) => ({
          name: plan.coupon ? `${o.product.name} (promo code ${plan.coupon.code})` : o.product.name,
          // A trial's line is the price charged when it ends; nothing is paid now.
          amountCents: plan.trial ? plan.trial.recurringCents : o.amountCents - o.serviceFeeCents,
          ...(plan.mode === 'subscription' && plan.period ? { recurring: recurringOf(plan.period) } : {}),
        })),
        ...(plan.serviceFeeCents > 0 ? [{ name: 'Service fee', amountCents: plan.serviceFeeCents }] : []),
      ],
      currency: plan.currency,
      expiresAt,
      successUrl: webPaths.orderAfterCheckout(orderId),
      cancelUrl: plan.cancelPath,
      // Stripe's idempotency keys are per account, not per database: a key of our row id alone
      // collides with another database on the same account (a reset one, staging beside
      // production), which Stripe refuses for 24 hours or, with equal parameters, answers with
      // that database's old session. The form's random key makes it ours alone.
      idempotencyKey: `purchase-${purchase.id}-${idempotencyKey}`,
    });
  } catch (error) {
    deps.log(`channel-api: the ${deps.payments.name} provider could not start a checkout: ${(error as Error).message}`);
    await settleAndNotify(deps, purchase.id, { status: 'failed', reason: ORDER_MSG.providerUnavailable });
    throw providerUnavailable();
  }
  if (session.customerId && session.customerId !== user.stripeCustomerId) await updateUser(deps.db, user.id, { stripeCustomerId: session.customerId });
  if (!(await setPurchaseSession(deps.db, purchase.id, session.sessionId, session.url))) {
    // Replaced while its checkout was being made: nobody may pay for it; its order page says so.
    await deps.payments.expireCheckout(session.sessionId).catch(() => undefined);
    return { order_id: orderId, redirect_url: webPaths.order(orderId) };
  }
  return { order_id: orderId, redirect_url: session.url };
}

const fanOf = (caller: Caller, user: UserRow) => ({
  userId: user.id,
  channelId: caller.channel.id,
  email: user.email,
  stripeCustomerId: user.stripeCustomerId,
});

/** A saved card must be the fan's own, and pays one-time purchases only: a subscription's
 *  checkout sets up its renewals (PAYMENTS.md section 4). */
async function requireOwnCard(deps: Deps, caller: Caller, user: UserRow, plan: PurchasePlan, paymentMethodId: string): Promise<void> {
  if (plan.mode !== 'payment')
    throw new HttpError(400, 'needs_checkout', ORDER_MSG.subscriptionNeedsCheckout, { payment_method_id: [ORDER_MSG.subscriptionNeedsCheckout] });
  let cards;
  try {
    cards = await deps.payments.listCards(fanOf(caller, user));
  } catch (error) {
    deps.log(`channel-api: the ${deps.payments.name} provider could not list cards: ${(error as Error).message}`);
    throw providerUnavailable();
  }
  if (!cards.some((c) => c.id === paymentMethodId))
    throw new HttpError(404, 'card_not_found', ORDER_MSG.cardNotFound, { payment_method_id: [ORDER_MSG.cardNotFound] });
}

/** Charges the saved card for a purchase just written: paid or declined now (settled through
 *  fulfilment at once, the order page says which), or waiting on the bank's page. */
async function chargeSavedCard(
  deps: Deps,
  caller: Caller,
  user: UserRow,
  plan: PurchasePlan,
  ids: { purchaseId: number; orderId: number; paymentMethodId: string; idempotencyKey: string },
): Promise<Started> {
  const orderPage = webPaths.order(ids.orderId);
  let charge;
  try {
    charge = await deps.payments.chargeCard({
      purchaseId: ids.purchaseId,
      fan: fanOf(caller, user),
      paymentMethodId: ids.paymentMethodId,
      amountCents: plan.totalCents,
      currency: plan.currency,
      description: plan.coupon ? `${plan.productName} (promo code ${plan.coupon.code})` : plan.productName,
      returnUrl: orderPage,
      idempotencyKey: `purchase-${ids.purchaseId}-${ids.idempotencyKey}`,
    });
  } catch (error) {
    deps.log(`channel-api: the ${deps.payments.name} provider could not charge a saved card: ${(error as Error).message}`);
    await settleAndNotify(deps, ids.purchaseId, { status: 'failed', reason: ORDER_MSG.providerUnavailable });
    throw providerUnavailable();
  }
  const redirectUrl = charge.status === 'requires_action' && charge.redirectUrl ? charge.redirectUrl : orderPage;
  if (!(await setPurchaseSession(deps.db, ids.purchaseId, charge.paymentId, redirectUrl))) {
    await deps.payments.cancelPayment(charge.paymentId).catch(() => undefined);
    return { order_id: ids.orderId, redirect_url: orderPage };
  }
  if (charge.status === 'succeeded' || charge.status === 'failed') {
    // Paid or declined already: settled now, as the order page would on its first poll.
    const purchase = await purchaseById(deps.db, ids.purchaseId);
    if (purchase) await reconcile(deps, purchase);
  }
  return { order_id: ids.orderId, redirect_url: redirectUrl };
}

/**
 * Ends an older open checkout of the same product. The provider decides what it was: expiring a
 * session the fan already paid fails (Stripe refuses to expire a complete session), and failing
 * its order anyway would keep the money and give nothing, as the paid webhook then finds the
 * purchase settled. So the session is read after the expiry: paid, its order is paid; otherwise
 * it is failed as replaced. When the provider cannot be asked, nothing is decided: 502, and the
 * older order stays open for its webhook or its order page.
 */
async function endReplaced(deps: Deps, open: PurchaseRow): Promise<'paid' | 'failed'> {
  const outcome = await endCheckout(deps, open.sessionId);
  if (outcome?.status === 'paid') {
    await settleAndNotify(deps, open.id, outcome);
    return 'paid';
  }
  await settleAndNotify(deps, open.id, { status: 'failed', reason: 'A newer checkout replaced this one.' });
  // The request that started it may have stored its checkout between our read and our update
  // (setPurchaseSession stores one only while the purchase is open): read again, and end that one
  // too, or a fan could pay a checkout whose order has already failed.
  const late = (await purchaseById(deps.db, open.id))?.sessionId;
  if (late && late !== open.sessionId) await endCheckout(deps, late);
  return 'failed';
}

/** Ends a checkout (or cancels a saved card's payment) at the provider, and reads how it ended. */
async function endCheckout(deps: Deps, sessionId: string | null): Promise<Settlement | null> {
  if (!sessionId) return null;
  try {
    if (isPaymentId(sessionId)) await deps.payments.cancelPayment(sessionId);
    else await deps.payments.expireCheckout(sessionId);
    const state = await readCheckout(deps, sessionId);
    return state && outcomeOf(state);
  } catch (error) {
    deps.log(`channel-api: the ${deps.payments.name} provider could not end checkout ${sessionId}: ${(error as Error).message}`);
    throw providerUnavailable();
  }
}

/** The answer to a key used before: the same checkout while it is open, else the order page. */
async function startedAgain(deps: Deps, purchase: PurchaseRow, plan: PurchasePlan): Promise<Started> {
  if (purchase.productKey !== plan.productKey) throw conflict('This form was already used for another purchase. Please reload the page.');
  const first = await firstOrderOf(deps.db, purchase.id);
  if (!first) throw conflict('This purchase was just started. Please reload the page.');
  const now = await checkoutMade(deps, purchase);
  const open = now.status === 'open' && now.redirectUrl;
  return { order_id: first.id, redirect_url: open ? now.redirectUrl! : webPaths.order(first.id) };
}

/** How long the second of a form sent twice at once waits for the first one's checkout. */
const CHECKOUT_WAIT_MS = 15_000;
const CHECKOUT_WAIT_STEP_MS = 100;

/** The purchase once its first request has made its checkout (or settled it). A browser follows
 *  the answer to the last of two submits, so a double click must lead to the same checkout, not
 *  to an order page that waits for a payment nobody can make. Gives up after CHECKOUT_WAIT_MS. */
async function checkoutMade(deps: Deps, purchase: PurchaseRow): Promise<PurchaseRow> {
  let now = purchase;
  for (const until = Date.now() + CHECKOUT_WAIT_MS; now.status === 'open' && !now.redirectUrl && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, CHECKOUT_WAIT_STEP_MS));
    now = (await purchaseById(deps.db, purchase.id)) ?? now;
  }
  return now;
}
