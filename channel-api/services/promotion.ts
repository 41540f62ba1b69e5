import { couponRefusal, describeCoupon, discountCents, isLimited, normalizeCode } from './coupons.ts';
import { ORDER_MSG, type ProductType } from '../../contract/orders.ts';
import type { Executor } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { couponByCode, fanUses, firstPurchaseMade, heldUses } from '../repo/coupons.ts';

/* A code a fan typed, checked against a purchase (GET apply_coupon, and the promotion_code of a
   quote or a purchase, which is checked again every time: the total is always recomputed here),
   and once more when a checkout holds its use (services/holds.ts). */

export interface AppliedCoupon {
  id: number;
  /** As stored: upper case. */
  code: string;
  description: string;
  discountCents: number;
  /** It has a limit a checkout holds (services/coupons.ts isLimited). */
  limited: boolean;
}

/**
 * The coupon of `typed` for this purchase, or a 400 'Wrong promo code' on `field` (`code` for
 * apply_coupon, `promotion_code` for buying) for a code that does not exist, or may not be used
 * for this purchase or by this fan. Reads only: nothing changes either way.
 */
export async function couponFor(
  db: Executor,
  purchase: { channelId: number; userId: number; type: ProductType; subtotalCents: number; currency: string },
  typed: string,
  field: string,
  now = new Date(),
  /** 'quote': the fan's own checkouts with this code do not count, as a new one ends them; 'hold':
   *  everything counts (services/holds.ts, after those were ended). */
  when: 'quote' | 'hold' = 'quote',
): Promise<AppliedCoupon> {
  const coupon = await couponByCode(db, purchase.channelId, normalizeCode(typed));
  const quoting = when === 'quote';
  const refusal =
    coupon &&
    couponRefusal(
      {
        ...coupon,
        timesRedeemed: coupon.timesRedeemed + (coupon.maxRedemptions !== null ? await heldUses(db, coupon.id, now, quoting ? purchase.userId : undefined) : 0),
      },
      {
        type: purchase.type,
        subtotalCents: purchase.subtotalCents,
        firstPurchaseMade: coupon.firstPurchaseOnly ? await firstPurchaseMade(db, purchase.userId, now, quoting ? coupon.id : undefined) : false,
        fanUses: coupon.maxRedemptionsPerUser !== null ? await fanUses(db, purchase.userId, coupon.id, now, quoting) : 0,
        now,
      },
    );
  if (!coupon || refusal) throw new HttpError(400, 'wrong_promo_code', ORDER_MSG.wrongPromoCode, { [field]: [ORDER_MSG.wrongPromoCode] });
  return {
    id: coupon.id,
    code: coupon.code,
    description: describeCoupon(coupon, purchase.currency),
    discountCents: discountCents(coupon, purchase.subtotalCents),
    limited: isLimited(coupon),
  };
}
