import { ORDER_MSG, type ProductType } from '../../contract/commerce.ts';
import type { Deps } from '../deps.ts';
import { couponRefusal, describeCoupon, discountCents, normalizeCode } from './coupons.ts';
import { HttpError } from '../http/errors.ts';
import { couponByCode, hasPaidOrder } from '../repo/coupons.ts';

/* A code a fan typed, checked against a purchase (GET apply_coupon, and the promotion_code of a
   quote or a purchase, which is checked again every time: the total is always recomputed here). */

export interface AppliedCoupon {
  id: number;
  /** As stored: upper case. */
  code: string;
  description: string;
  discountCents: number;
}

/**
 * The coupon of `typed` for this purchase, or a 400 'Wrong promo code' on `field` (`code` for
 * apply_coupon, `promotion_code` for buying) for a code that does not exist, or may not be used
 * for this purchase or by this fan. Reads only: nothing changes either way.
 */
export async function couponFor(
  deps: Pick<Deps, 'db'>,
  purchase: { channelId: number; userId: number; type: ProductType; subtotalCents: number; currency: string },
  typed: string,
  field: string,
  now = new Date(),
): Promise<AppliedCoupon> {
  const coupon = await couponByCode(deps.db, purchase.channelId, normalizeCode(typed));
  const refusal =
    coupon &&
    couponRefusal(coupon, {
      type: purchase.type,
      subtotalCents: purchase.subtotalCents,
      hasPaidOrder: coupon.firstPurchaseOnly ? await hasPaidOrder(deps.db, purchase.userId) : false,
      now,
    });
  if (!coupon || refusal) throw new HttpError(400, ORDER_MSG.wrongPromoCode, { [field]: [ORDER_MSG.wrongPromoCode] });
  return {
    id: coupon.id,
    code: coupon.code,
    description: describeCoupon(coupon, purchase.currency),
    discountCents: discountCents(coupon, purchase.subtotalCents),
  };
}
