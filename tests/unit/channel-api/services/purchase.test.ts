import { describe, expect, it } from 'vitest';
import { withCoupon, type PurchasePlan } from '../../../../channel-api/services/purchase.ts';

/* A purchase plan with a promotion code applied (the code's own rules: coupons.test.ts). */

describe('a purchase plan with a code', () => {
  const order = (amountCents: number, serviceFeeCents: number, name: string) => ({
    type: 'package' as const,
    product: { id: 3, name, event_category_id: 1, participant_id: null },
    productId: 3,
    eventId: null,
    eventCategoryId: 1,
    participantId: null,
    amountCents,
    serviceFeeCents,
    label: 'Purchase',
  });
  const plan: PurchasePlan = {
    type: 'package',
    productKey: 'package:3',
    productName: 'Basketball season pass',
    mode: 'payment',
    period: null,
    trialDays: null,
    trial: null,
    orders: [order(4799 + 200, 200, 'Boys'), order(4799, 0, 'Girls')],
    lines: [
      { name: 'Boys', amountCents: 4799 },
      { name: 'Girls', amountCents: 4799 },
    ],
    subtotalCents: 9598,
    serviceFeeCents: 200,
    discountCents: 0,
    coupon: null,
    totalCents: 9798,
    currency: 'USD',
    cancelPath: '/select-package/3',
    gift: false,
  };

  it('takes the discount off the orders, never the fee; the orders add up to the total; the lines keep their prices', () => {
    const p = withCoupon(plan, { id: 7, code: 'SEASON5', description: '$5.00 off passes', discountCents: 500, limited: false });
    expect(p.totalCents).toBe(9298);
    expect(p.orders.map((o) => [o.amountCents, o.serviceFeeCents])).toEqual([
      [4799 - 250 + 200, 200],
      [4799 - 250, 0],
    ]);
    expect(p.orders.reduce((a, o) => a + o.amountCents, 0)).toBe(p.totalCents);
    expect(p.lines).toEqual(plan.lines);
    expect([p.discountCents, p.coupon]).toEqual([500, { id: 7, code: 'SEASON5', description: '$5.00 off passes', limited: false }]);
  });

  it('a 100 % code leaves the service fee to pay', () => {
    const p = withCoupon(plan, { id: 8, code: 'FULLPASS', description: '100% off', discountCents: 9598, limited: true });
    expect(p.totalCents).toBe(200);
    expect(p.orders.map((o) => o.amountCents)).toEqual([200, 0]);
  });
});
