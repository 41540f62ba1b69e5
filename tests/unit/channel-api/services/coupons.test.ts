import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponRefusal,
  describeCoupon,
  discountCents,
  normalizeCode,
  spreadDiscount,
  type CouponRule,
  type CouponUse,
} from '../../../../channel-api/services/coupons.ts';

/* The promotion code rules of the channel API (services/coupons.ts); a plan with a code applied: purchase.test.ts. */

const now = new Date('2026-11-20T12:00:00Z');
const coupon = (c: Partial<CouponRule> = {}): CouponRule => ({
  code: 'TEST',
  percentOff: 10,
  amountOffCents: null,
  expiresAt: null,
  maxRedemptions: null,
  maxRedemptionsPerUser: null,
  timesRedeemed: 0,
  firstPurchaseOnly: false,
  minimumAmountCents: null,
  appliesTo: [],
  active: true,
  ...c,
});
const use = (u: Partial<CouponUse> = {}): CouponUse => ({ type: 'event', subtotalCents: 749, firstPurchaseMade: false, fanUses: 0, now, ...u });

describe('whether a code may be used', () => {
  it('an unlimited active code: for every kind of product, every fan', () => {
    for (const type of ['event', 'package', 'subscription'] as const)
      expect(couponRefusal(coupon(), use({ type, firstPurchaseMade: true, fanUses: 9 }))).toBeNull();
  });

  it('inactive', () => {
    expect(couponRefusal(coupon({ active: false }), use())).toBe('inactive');
  });

  it('expiry: usable until the moment it expires, not at it', () => {
    expect(couponRefusal(coupon({ expiresAt: new Date(now.getTime() + 1) }), use())).toBeNull();
    expect(couponRefusal(coupon({ expiresAt: now }), use())).toBe('expired');
    expect(couponRefusal(coupon({ expiresAt: new Date(now.getTime() - 86_400_000) }), use())).toBe('expired');
  });

  it('uses per fan: refused once the fan’s own uses (paid or held) reach the limit', () => {
    expect(couponRefusal(coupon({ maxRedemptionsPerUser: 1 }), use({ fanUses: 0 }))).toBeNull();
    expect(couponRefusal(coupon({ maxRedemptionsPerUser: 1 }), use({ fanUses: 1 }))).toBe('used up by this fan');
    expect(couponRefusal(coupon({ maxRedemptionsPerUser: 2 }), use({ fanUses: 1 }))).toBeNull();
  });

  it('uses: refused once times_redeemed (paid and held uses) reaches max_redemptions', () => {
    expect(couponRefusal(coupon({ maxRedemptions: 1, timesRedeemed: 0 }), use())).toBeNull();
    expect(couponRefusal(coupon({ maxRedemptions: 1, timesRedeemed: 1 }), use())).toBe('used up');
    expect(couponRefusal(coupon({ maxRedemptions: 3, timesRedeemed: 5 }), use())).toBe('used up');
  });

  it('first purchase only: refused to a fan who has made their first purchase (or holds one)', () => {
    expect(couponRefusal(coupon({ firstPurchaseOnly: true }), use({ firstPurchaseMade: false }))).toBeNull();
    expect(couponRefusal(coupon({ firstPurchaseOnly: true }), use({ firstPurchaseMade: true }))).toBe('not a first purchase');
  });

  it('minimum amount: on the subtotal, the minimum itself is enough', () => {
    const min = coupon({ minimumAmountCents: 2000 });
    expect(couponRefusal(min, use({ subtotalCents: 1999 }))).toBe('below the minimum');
    expect(couponRefusal(min, use({ subtotalCents: 2000 }))).toBeNull();
  });

  it('product kinds: only those listed', () => {
    const passes = coupon({ appliesTo: ['package'] });
    expect(couponRefusal(passes, use({ type: 'package' }))).toBeNull();
    expect(couponRefusal(passes, use({ type: 'event' }))).toBe('not for this product');
    expect(couponRefusal(passes, use({ type: 'subscription' }))).toBe('not for this product');
  });

  it('codes match without regard to case or surrounding spaces', () => {
    expect(normalizeCode('  welcome10 ')).toBe('WELCOME10');
  });
});

describe('what a code takes off', () => {
  it('a percentage of the subtotal, rounded to the cent', () => {
    expect(discountCents(coupon({ percentOff: 10 }), 749)).toBe(75);
    expect(discountCents(coupon({ percentOff: 50 }), 749)).toBe(375);
    expect(discountCents(coupon({ percentOff: 100 }), 4799)).toBe(4799);
  });

  it('an amount, never more than the subtotal', () => {
    expect(discountCents(coupon({ percentOff: null, amountOffCents: 500 }), 4799)).toBe(500);
    expect(discountCents(coupon({ percentOff: null, amountOffCents: 500 }), 349)).toBe(349);
  });

  it('spread over the items in proportion to their price, adding up to the discount, no item below 0', () => {
    expect(spreadDiscount([4799, 4799], 500)).toEqual([250, 250]);
    expect(spreadDiscount([4799, 4799, 4799], 500)).toEqual([167, 167, 166]);
    expect(spreadDiscount([749], 75)).toEqual([75]);
    expect(spreadDiscount([100, 300], 400)).toEqual([100, 300]);
    expect(spreadDiscount([100, 300], 0)).toEqual([0, 0]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }), fc.nat(3_000_000), (prices, discount) => {
        const shares = spreadDiscount(prices, discount);
        const subtotal = prices.reduce((a, b) => a + b, 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(discount, subtotal));
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(prices[i]);
        });
      }),
    );
  });

  it('says what it is', () => {
    expect(describeCoupon(coupon({ percentOff: 10, firstPurchaseOnly: true }), 'USD')).toBe('10% off your first purchase');
    expect(describeCoupon(coupon({ percentOff: null, amountOffCents: 500, appliesTo: ['package'] }), 'USD')).toBe('$5.00 off passes');
    expect(describeCoupon(coupon({ percentOff: 50, appliesTo: ['event'] }), 'USD')).toBe('50% off single events');
    expect(describeCoupon(coupon({ percentOff: null, amountOffCents: 250 }), 'EUR')).toBe('€2.50 off');
    // The amount off is in the currency's minor units, as stored: a yen has none.
    expect(describeCoupon(coupon({ percentOff: null, amountOffCents: 500 }), 'JPY')).toBe('¥500 off');
  });
});
