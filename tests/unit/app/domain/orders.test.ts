import { describe, expect, it } from 'vitest';
import { GIFT_MSG, type Order } from '#contract';
import { canResendGift, giftResendRefusal, giftState, orderLabel, orderLinks, ownershipOf, paymentFlow } from '~/domain/orders';

const order = (o: Partial<Order>): Pick<Order, 'status' | 'activity_status' | 'type' | 'product'> => ({
  status: 'paid',
  activity_status: 'active',
  type: 'package',
  product: { id: 3, name: 'Pass', event_id: null, event_category_id: 11, participant_id: null },
  ...o,
});

describe('orderLabel (spec section 4: Paid, Inactive, Refunded, Active)', () => {
  it.each([
    [{ status: 'paid', activity_status: 'active', type: 'event' }, 'Paid'],
    [{ status: 'paid', activity_status: 'active', type: 'package' }, 'Paid'],
    [{ status: 'paid', activity_status: 'active', type: 'subscription' }, 'Active'],
    [{ status: 'paid', activity_status: 'expired', type: 'subscription' }, 'Inactive'],
    [{ status: 'paid', activity_status: 'canceled', type: 'package' }, 'Inactive'],
    [{ status: 'created', activity_status: 'inactive', type: 'event' }, 'Inactive'],
    [{ status: 'failed', activity_status: 'inactive', type: 'event' }, 'Inactive'],
    [{ status: 'refunded', activity_status: 'inactive', type: 'event' }, 'Refunded'],
  ] as const)('%o → %s', (o, label) => {
    expect(orderLabel(o)).toBe(label);
  });
});

describe('paymentFlow', () => {
  it('maps created → processing, paid → success, failed → error', () => {
    expect(paymentFlow({ status: 'created' })).toBe('processing');
    expect(paymentFlow({ status: 'paid' })).toBe('success');
    expect(paymentFlow({ status: 'failed' })).toBe('error');
  });
});

describe('orderLinks', () => {
  it('sends a paid single event to its watch page, a package to the schedule; retries go back to the offer', () => {
    expect(orderLinks(order({ type: 'event', product: { id: 5, name: 'G', event_id: 45, event_category_id: 12, participant_id: null } }))).toEqual({
      next: { href: '/watch/45', label: 'Watch now' },
      retry: '/watch/45',
    });
    expect(orderLinks(order({}))).toEqual({ next: { href: '/schedule', label: 'Find a game to watch' }, retry: '/select-package/3' });
    expect(orderLinks(order({ type: 'subscription' })).retry).toBe('/packages');
  });
});

describe('ownershipOf', () => {
  it('counts only paid, active orders: package choices by package, subscriptions by id', () => {
    const owned = ownershipOf([
      order({}),
      order({ product: { id: 3, name: 'Pass', event_id: null, event_category_id: null, participant_id: 100 } }),
      order({ status: 'failed', product: { id: 3, name: 'Pass', event_id: null, event_category_id: 12, participant_id: null } }),
      order({ activity_status: 'expired', product: { id: 4, name: 'Old', event_id: null, event_category_id: 21, participant_id: null } }),
      order({ type: 'subscription', product: { id: 7, name: 'Monthly', event_id: null, event_category_id: null, participant_id: null } }),
    ]);
    expect([...owned.choices.entries()].map(([k, v]) => [k, [...v]])).toEqual([[3, [11, 100]]]);
    expect([...owned.subscriptions]).toEqual([7]);
  });
});

describe('a gift’s buyer’s record (ADR 019)', () => {
  it('is paid, though inactive for the buyer; to whom, redeemed or not', () => {
    const gift = { recipient_email: 'friend@example.test', redeemed_at: null };
    expect(orderLabel({ status: 'paid', activity_status: 'inactive', type: 'package', gift })).toBe('Paid');
    expect(orderLabel({ status: 'paid', activity_status: 'inactive', type: 'package', gift: null })).toBe('Inactive');
    expect(giftState({ gift })).toEqual({ to: 'friend@example.test', state: 'Not redeemed yet' });
    expect(giftState({ gift: { ...gift, redeemed_at: '2026-11-25T10:00:00.000Z' } })).toEqual({ to: 'friend@example.test', state: 'Redeemed' });
    expect(giftState({ gift: null })).toBeNull();
  });

  it('may be mailed again while it is paid and not redeemed', () => {
    const gift = { recipient_email: 'friend@example.test', redeemed_at: null };
    expect(giftResendRefusal({ status: 'paid', gift })).toBeNull();
    expect(giftResendRefusal({ status: 'created', gift })).toBe(GIFT_MSG.notPaid);
    expect(giftResendRefusal({ status: 'paid', gift: { ...gift, redeemed_at: '2026-11-25T10:00:00.000Z' } })).toBe(GIFT_MSG.redeemed);
    expect(canResendGift({ status: 'paid', gift })).toBe(true);
    expect(canResendGift({ status: 'created', gift })).toBe(false);
    expect(canResendGift({ status: 'failed', gift })).toBe(false);
    expect(canResendGift({ status: 'paid', gift: { ...gift, redeemed_at: '2026-11-25T10:00:00.000Z' } })).toBe(false);
    expect(canResendGift({ status: 'paid', gift: null })).toBe(false);
  });
});
