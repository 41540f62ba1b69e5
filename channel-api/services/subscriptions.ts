import { ORDER_MSG, type Order } from '../../contract/orders.ts';
import type { Caller, Deps } from '../deps.ts';
import { periodEnd } from './billing.ts';
import { planPurchase, type PurchasePlan } from './purchase.ts';
import { activityOf, isLive } from './renewals.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { subscriptionById } from '../repo/catalogue.ts';
import { orderOfUser, syncSubscriptionOrder } from '../repo/orders.ts';
import type { UserRow } from '../repo/users.ts';
import { webPaths } from '../web-links.ts';

/* A fan's subscriptions beyond buying one outright (spec section 7, issue 11): starting one with
   its free trial, what paying will cost (invoice preview), cancelling the renewal, and the
   provider's billing portal. */

const DAY_MS = 86_400_000;

/**
 * A subscription that starts with its free trial (POST /stripe/subscription/start_trial): offered
 * only while the fan's trial_period_used is false. Nothing is charged now (the order's amount is
 * 0, its transaction 'Free trial'); the price is charged when the trial ends, with no service fee
 * (the fee comes with a payment at checkout only: ADR 016).
 */
export async function planTrial(
  deps: Deps,
  caller: Caller,
  user: UserRow,
  id: number,
  promotionCode?: string,
  codeField = 'promotion_code',
): Promise<PurchasePlan> {
  const sub = await subscriptionById(deps.db, caller.channel.id, id);
  if (!sub) throw new HttpError(404, 'not_found', ORDER_MSG.passNotFound, { subscription_id: [ORDER_MSG.passNotFound] });
  if (!sub.trial_period) throw new HttpError(400, 'no_trial', ORDER_MSG.noTrial, { subscription_id: [ORDER_MSG.noTrial] });
  if (user.trialPeriodUsed) throw new HttpError(409, 'trial_used', ORDER_MSG.trialUsed);
  // A promotion code lowers the price charged at the trial's end (and every period after it).
  const paying = await planPurchase(deps, caller, user, { subscription_id: id, promotion_code: promotionCode }, codeField);
  return {
    ...paying,
    trialDays: sub.trial_period,
    trial: { days: sub.trial_period, recurringCents: paying.subtotalCents - paying.discountCents },
    orders: paying.orders.map((o) => ({ ...o, amountCents: 0, serviceFeeCents: 0, label: 'Free trial' })),
    subtotalCents: 0,
    serviceFeeCents: 0,
    totalCents: 0,
  };
}

/** POST /stripe/invoice-preview: what is due today and what the next charge is and when. With a
 *  trial nothing is due today and the first charge is the price, at the trial's end; without, today
 *  is the price and the fee (less a promotion code), and then the price every period. */
export async function invoicePreview(deps: Deps, caller: Caller, user: UserRow, params: { subscription_id: number; trial?: boolean; promotion_code?: string }) {
  const sub = await subscriptionById(deps.db, caller.channel.id, params.subscription_id);
  if (!sub) throw new HttpError(404, 'not_found', ORDER_MSG.passNotFound, { subscription_id: [ORDER_MSG.passNotFound] });
  const now = new Date();
  if (params.trial) {
    if (!sub.trial_period) throw new HttpError(400, 'no_trial', ORDER_MSG.noTrial, { trial: [ORDER_MSG.noTrial] });
    const plan = await planTrial(deps, caller, user, sub.id, params.promotion_code);
    const trialEnd = new Date(now.getTime() + sub.trial_period * DAY_MS);
    return {
      currency: plan.currency,
      due_today: 0,
      next_amount: plan.trial!.recurringCents,
      next_date: trialEnd.toISOString(),
      trial_ends_at: trialEnd.toISOString(),
      discount: plan.discountCents,
      period: sub.period,
    };
  }
  // A promotion code lowers every period's price (ADR 017), never the fee.
  const plan = await planPurchase(deps, caller, user, { subscription_id: sub.id, promotion_code: params.promotion_code });
  return {
    currency: plan.currency,
    due_today: plan.totalCents,
    next_amount: plan.subtotalCents - plan.discountCents,
    next_date: periodEnd(sub.period, now).toISOString(),
    trial_ends_at: null,
    discount: plan.discountCents,
    period: sub.period,
  };
}

/** POST stripe/unsubscribe: the renewal stops; access lasts to the end of the paid period. */
export async function unsubscribe(deps: Deps, user: UserRow, orderId: number): Promise<Order> {
  const found = await orderOfUser(deps.db, user.id, orderId);
  if (!found) throw notFound(ORDER_MSG.orderNotFound);
  const { row } = found;
  if (row.type !== 'subscription' || !row.providerSubscriptionId || !row.autoRenew) throw new HttpError(409, 'not_renewing', ORDER_MSG.notRenewing);
  await deps.payments.setCancelAtPeriodEnd(row.providerSubscriptionId, true);
  // Mirrored now, so the answer says so (the provider's event says the same when it comes).
  const sub = await deps.payments.retrieveSubscription(row.providerSubscriptionId);
  if (sub) {
    await syncSubscriptionOrder(deps.db, row.id, {
      activityStatus: activityOf(sub),
      autoRenew: isLive(sub) && !sub.cancelAtPeriodEnd,
      accessUntil: sub.currentPeriodEnd,
      trialEndsAt: sub.trialEnd,
    });
  }
  return (await orderOfUser(deps.db, user.id, orderId))!.out;
}

/** GET /stripe/customer-portal: the provider's billing portal, coming back to the page that asked
 *  (a path the contract has checked against its allow-list), else the profile. */
export async function customerPortal(deps: Deps, caller: Caller, user: UserRow, returnPath: string = webPaths.profile): Promise<{ url: string }> {
  try {
    return {
      url: await deps.payments.portalUrl({ userId: user.id, channelId: caller.channel.id, stripeCustomerId: user.stripeCustomerId }, returnPath),
    };
  } catch (error) {
    deps.log(`channel-api: no billing portal for user ${user.id}: ${(error as Error).message}`);
    throw conflict('There is nothing to manage yet: billing opens with your first purchase.');
  }
}
