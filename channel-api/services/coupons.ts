import { formatMoney } from '../../contract/money.ts';
import type { ProductType } from '../../contract/orders.ts';

/*
 * Promotion codes (GET apply_coupon, and a purchase's `promotion_code`): whether a code may be
 * used for a purchase, and what it takes off. Pure: the caller reads the coupon and the fan's
 * history (repo/coupons.ts) and the purchase's plan (services/purchase.ts).
 *
 * - A code takes a percentage or an amount off the purchase's subtotal (its products), never more
 *   than the subtotal; the service fee is never discounted.
 * - It may be limited: inactive, an expiry, a number of uses, a number of uses per fan, a fan's
 *   first purchase only (no paid order yet), a minimum subtotal, some kinds of product. Any of
 *   these refuses it with the spec's one message, 'Wrong promo code': a fan is not told which
 *   limit, as Stripe's page does not.
 * - A use counts from the moment a checkout holds it until that checkout ends unpaid; paid, it
 *   stays (services/holds.ts, ADR 027).
 */

export interface CouponRule {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  maxRedemptionsPerUser: number | null;
  /** Uses so far: paid, and held by checkouts not yet paid. */
  timesRedeemed: number;
  firstPurchaseOnly: boolean;
  minimumAmountCents: number | null;
  /** Product kinds; empty: every kind. */
  appliesTo: string[];
  active: boolean;
}

export interface CouponUse {
  type: ProductType;
  /** What the products cost, before the code and without the service fee. */
  subtotalCents: number;
  /** The fan has made their first purchase: paid for something, or a checkout of theirs holds a
   *  first-purchase code (a first-purchase code is theirs no more). */
  firstPurchaseMade: boolean;
  /** The fan's own uses of this code so far: paid, or held by a checkout of theirs. */
  fanUses: number;
  now: Date;
}

export type CouponRefusal = 'inactive' | 'expired' | 'used up' | 'used up by this fan' | 'not a first purchase' | 'below the minimum' | 'not for this product';

/** How codes are matched: as Stripe does, without regard to case (stored upper case). */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/** Why the code cannot be used for this purchase; null: it can. */
export function couponRefusal(c: CouponRule, use: CouponUse): CouponRefusal | null {
  if (!c.active) return 'inactive';
  if (c.expiresAt !== null && c.expiresAt.getTime() <= use.now.getTime()) return 'expired';
  if (c.maxRedemptions !== null && c.timesRedeemed >= c.maxRedemptions) return 'used up';
  if (c.maxRedemptionsPerUser !== null && use.fanUses >= c.maxRedemptionsPerUser) return 'used up by this fan';
  if (c.firstPurchaseOnly && use.firstPurchaseMade) return 'not a first purchase';
  if (c.minimumAmountCents !== null && use.subtotalCents < c.minimumAmountCents) return 'below the minimum';
  if (c.appliesTo.length > 0 && !c.appliesTo.includes(use.type)) return 'not for this product';
  return null;
}

/** Whether a checkout using the code holds something scarce (a use counted against a limit, the
 *  fan's first purchase): an older open checkout of the fan's with it then gives way to a new one. */
export const isLimited = (c: Pick<CouponRule, 'maxRedemptions' | 'maxRedemptionsPerUser' | 'firstPurchaseOnly'>): boolean =>
  c.maxRedemptions !== null || c.maxRedemptionsPerUser !== null || c.firstPurchaseOnly;

/** What the code takes off a subtotal, in minor units (cents): at most the subtotal. */
export function discountCents(c: Pick<CouponRule, 'percentOff' | 'amountOffCents'>, subtotalCents: number): number {
  const off = c.percentOff !== null ? Math.round((subtotalCents * c.percentOff) / 100) : (c.amountOffCents ?? 0);
  return Math.max(0, Math.min(subtotalCents, off));
}

/**
 * The discount spread over a purchase's items (their prices, fee excluded), so each order's
 * amount is what the fan was charged for it and the orders still add up to the total: in
 * proportion to each price, the cents left over by rounding down going to the first items.
 */
export function spreadDiscount(pricesCents: number[], discount: number): number[] {
  const subtotal = pricesCents.reduce((a, b) => a + b, 0);
  if (subtotal <= 0 || discount <= 0) return pricesCents.map(() => 0);
  const capped = Math.min(discount, subtotal);
  const shares = pricesCents.map((p) => Math.floor((p * capped) / subtotal));
  let left = capped - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length) {
    if (shares[i] < pricesCents[i]) {
      shares[i] += 1;
      left -= 1;
    }
  }
  return shares;
}

const KIND_NAMES: Record<string, string> = { event: 'single events', package: 'passes', subscription: 'subscriptions' };

/** What the summary says of the code ('10% off your first purchase', '$5.00 off passes'). */
export function describeCoupon(c: Pick<CouponRule, 'percentOff' | 'amountOffCents' | 'firstPurchaseOnly' | 'appliesTo'>, currency: string): string {
  const off = c.percentOff !== null ? `${c.percentOff}% off` : `${formatMoney(c.amountOffCents ?? 0, currency)} off`;
  if (c.firstPurchaseOnly) return `${off} your first purchase`;
  const kinds = c.appliesTo.map((k) => KIND_NAMES[k]).filter(Boolean);
  return kinds.length > 0 ? `${off} ${kinds.join(' and ')}` : off;
}
