import { couponFor } from './promotion.ts';
import type { PurchasePlan } from './purchase.ts';
import { ORDER_MSG } from '../../contract/orders.ts';
import type { Executor } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { lockCoupon } from '../repo/coupons.ts';
import { trialHeld, type PurchaseRow } from '../repo/purchases.ts';
import { lockUser } from '../repo/users.ts';

/*
 * What a checkout holds (ADR 027): from the moment it is made until it is paid (then it is spent)
 * or ends unpaid (expired, failed, replaced by a newer one: then it is free again), a checkout
 * holds a use of its promotion code, the fan's free trial and, with a first-purchase code, their
 * first purchase. A hold is taken in the transaction that writes the purchase, after the fan's row
 * (and the code's) is locked, so checkouts made at the same moment, by one fan or by many, hold
 * together no more than the limits allow; fulfilment confirms it at payment (the code's
 * times_redeemed, the fan's trial_period_used).
 */

/** How long a checkout is open, and so holds what it uses: the provider's page expires with it
 *  (Stripe takes 30 minutes to 24 hours; a little over 30 leaves room for the call to reach it). */
export const CHECKOUT_TTL_MS = 60 * 60_000;

/** Takes the plan's holds in the caller's transaction, or refuses: a code whose limits are now
 *  held by other checkouts is a 400 'Wrong promo code' (as when it is typed), a trial the fan
 *  has used or is starting in another checkout a 409. */
export async function takeHolds(tx: Executor, plan: PurchasePlan, buyer: { channelId: number; userId: number }, now: Date): Promise<void> {
  if (!plan.coupon?.limited && !plan.trial) return;
  const user = await lockUser(tx, buyer.userId);
  if (plan.coupon?.limited) {
    await lockCoupon(tx, plan.coupon.id);
    const purchase = { ...buyer, type: plan.type, subtotalCents: plan.subtotalCents, currency: plan.currency };
    await couponFor(tx, purchase, plan.coupon.code, 'promotion_code', now, 'hold');
  }
  if (plan.trial && (!user || user.trialPeriodUsed || (await trialHeld(tx, buyer.userId, now)))) throw new HttpError(409, 'trial_used', ORDER_MSG.trialUsed);
}

/** Whether an older open checkout of the fan's gives way to a new one: the same product (ADR 015),
 *  or one that holds what the new one needs (its limited code, the trial). */
export function replacedBy(open: PurchaseRow, plan: PurchasePlan): boolean {
  return (
    open.productKey === plan.productKey ||
    (plan.coupon?.limited === true && open.couponId === plan.coupon.id) ||
    (plan.trial !== null && open.trialDays !== null)
  );
}
