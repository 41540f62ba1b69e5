/* How the web app words and reads a fan's orders (spec section 4): the display label, the payment
 * flow's three states, where to go after paying, and what a fan owns of the catalogue. Pure. */
import { GIFT_MSG } from '#contract/gifts';
import type { Order } from '#contract/orders';

/** Spec section 4 payment status labels: 'Refunded' if refunded; 'Active' for a paid, active
 *  subscription; 'Paid' for a paid, active event or package; 'Inactive' otherwise (PAYMENTS.md §5). */
export function orderLabel(order: Pick<Order, 'status' | 'activity_status' | 'type'> & { gift?: Order['gift'] }): 'Paid' | 'Inactive' | 'Refunded' | 'Active' {
  if (order.status === 'refunded') return 'Refunded';
  // A gift's buyer paid for it; the pass is the recipient's (ADR 019).
  if (order.status === 'paid' && order.gift) return 'Paid';
  if (order.status === 'paid' && order.activity_status === 'active') return order.type === 'subscription' ? 'Active' : 'Paid';
  return 'Inactive';
}

/** The buyer's record of a gift: to whom, and whether it was redeemed; null for other orders. */
export function giftState(order: Pick<Order, 'gift'>): { to: string; state: 'Redeemed' | 'Not redeemed yet' } | null {
  return order.gift ? { to: order.gift.recipient_email, state: order.gift.redeemed_at ? 'Redeemed' : 'Not redeemed yet' } : null;
}

/** Why the buyer of a gift cannot mail it again now (the channel's words), or null when they can
 *  (POST /gifts/resend): it must be paid and not yet redeemed. */
export function giftResendRefusal(order: Pick<Order, 'status' | 'gift'>): string | null {
  if (order.gift?.redeemed_at) return GIFT_MSG.redeemed;
  return order.status === 'paid' ? null : GIFT_MSG.notPaid;
}

/** The order is a gift its buyer can mail again now. */
export function canResendGift(order: Pick<Order, 'status' | 'gift'>): boolean {
  return order.gift !== null && giftResendRefusal(order) === null;
}

/** The payment flow (spec section 4): created → processing, paid → success, failed → error. */
export type PaymentFlow = 'processing' | 'success' | 'error';
export function paymentFlow(order: Pick<Order, 'status'>): PaymentFlow {
  if (order.status === 'created') return 'processing';
  return order.status === 'failed' ? 'error' : 'success';
}

/** Spec section 4 renewal labels, for a paid, active subscription; null for anything else. */
export function renewalLabel(order: Pick<Order, 'type' | 'status' | 'activity_status' | 'auto_renew'>): 'Auto-Renewal' | 'Auto-Renewal Cancelled' | null {
  if (order.type !== 'subscription' || order.status !== 'paid' || order.activity_status !== 'active') return null;
  return order.auto_renew ? 'Auto-Renewal' : 'Auto-Renewal Cancelled';
}

/** A subscription whose renewal can still be cancelled. */
export const canCancelRenewal = (order: Pick<Order, 'type' | 'status' | 'activity_status' | 'auto_renew'>) => renewalLabel(order) === 'Auto-Renewal';

/** Where a paid order leads (its event, or the games its pass opens), and where a failed one is
 *  tried again (the offer it came from). */
export function orderLinks(order: Pick<Order, 'type' | 'product'>): { next: { href: string; label: string }; retry: string } {
  const { product } = order;
  if (order.type === 'event' && product.event_id)
    return { next: { href: `/watch/${product.event_id}`, label: 'Watch now' }, retry: `/watch/${product.event_id}` };
  if (order.type === 'package') return { next: { href: '/schedule', label: 'Find a game to watch' }, retry: `/select-package/${product.id}` };
  return { next: { href: '/schedule', label: 'Find a game to watch' }, retry: '/packages' };
}

/** What a fan owns of the catalogue, from their active orders: per package the choices they have,
 *  and the subscriptions they have. */
export interface Ownership {
  choices: Map<number, Set<number>>;
  subscriptions: Set<number>;
}

export function ownershipOf(orders: Pick<Order, 'type' | 'status' | 'activity_status' | 'product'>[]): Ownership {
  const choices = new Map<number, Set<number>>();
  const subscriptions = new Set<number>();
  for (const o of orders) {
    if (o.status !== 'paid' || o.activity_status !== 'active') continue;
    if (o.type === 'subscription') subscriptions.add(o.product.id);
    if (o.type !== 'package') continue;
    const choice = o.product.event_category_id ?? o.product.participant_id;
    if (choice === null) continue;
    if (!choices.has(o.product.id)) choices.set(o.product.id, new Set());
    choices.get(o.product.id)!.add(choice);
  }
  return { choices, subscriptions };
}

/** Spec section 9: an order still processing is asked about again every 2 s (order polling). */
export const ORDER_POLL_SECONDS = 2;
