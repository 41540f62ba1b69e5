import { z } from 'zod';
import { apiGet, bool01, endpoint, id, int, money, offset, pagedEnvelope, stamp } from './http.ts';

/* The orders a purchase makes (spec sections 3 and 4; ../shared/design/PAYMENTS.md section 5): their
   states and how they move, and the fan's own list of them. Amounts are always computed by the
   channel: the web app sends ids, never prices. */

/** The spec's own words (section 5 and 8), and the few the channel adds. */
export const ORDER_MSG = {
  idNotSelected: 'id not selected',
  passNotFound: 'Pass not found',
  alreadyBought: (type: ProductType) => `You already bought this ${type}.`,
  orderNotFound: 'Order not found',
  freeEvent: 'This event is free to watch.',
  notCovered: 'This pass does not cover this event.',
  notAChoice: 'This choice is not part of the package.',
  needsRegularPass: 'This add-on comes with its regular pass: buy it with the pass, or after it.',
  notAnAddOn: 'This add-on does not belong to the pass.',
  addOnCoversNone: 'The add-on covers none of your choices.',
  wrongPromoCode: 'Wrong promo code',
  trialUsed: 'You have already used your free trial.',
  noTrial: 'This subscription has no free trial.',
  notRenewing: 'This subscription does not renew.',
  providerUnavailable: 'The payment service is not available. Please try again in a few minutes.',
  /** Spec section 8: /buy's "Pay with" when neither a saved card nor a new one is chosen. */
  selectCard: 'Please select one of your saved cards or enter new one',
  cardNotFound: 'Card not found',
  subscriptionNeedsCheckout: 'A subscription is paid on the checkout page, which sets up its renewals: choose a new card.',
} as const;

export type ProductType = 'event' | 'package' | 'subscription';

export const orderStatus = z.enum(['created', 'paid', 'failed', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatus>;
export const activityStatus = z.enum(['active', 'inactive', 'expired', 'canceled']);
export type ActivityStatus = z.infer<typeof activityStatus>;

export const transactionStatus = z.enum(['created', 'failed', 'paid', 'refunded']);
export const transaction = z.object({
  id: z.number().int(),
  status: transactionStatus,
  /** 'Purchase', or for subscriptions 'New subscription' / 'Subscription Renewal' (spec section 4). */
  label: z.string(),
  amount: money,
  currency: z.string(),
  created_at: stamp,
});
export type Transaction = z.infer<typeof transaction>;

/** Spec section 3: Order id, status, activity_status, type, product (id, event_category_id, participant_id). */
export const order = z.object({
  id: z.number().int(),
  status: orderStatus,
  activity_status: activityStatus,
  type: z.enum(['event', 'package', 'subscription']),
  product: z.object({
    /** The pass, package or subscription sold (for a single event: its single-event package). */
    id: z.number().int(),
    name: z.string(),
    event_id: z.number().int().nullable(),
    event_category_id: z.number().int().nullable(),
    participant_id: z.number().int().nullable(),
  }),
  /** What this order was charged, service fee included (`service_fee`). */
  amount: money,
  service_fee: money,
  currency: z.string(),
  created_at: stamp,
  paid_at: stamp.nullable(),
  /** The end of access; null: until the pass's season or event is over. */
  access_until: stamp.nullable(),
  /** Why a failed order failed, in words a fan can read ('Your card was declined.'). */
  failure_reason: z.string().nullable(),
  /** Orders paid together (a package with several choices) share their purchase. */
  purchase_id: z.number().int().nullable(),
  /** A subscription renews at the end of each period until cancelled (spec: 'Auto-Renewal' /
   *  'Auto-Renewal Cancelled'); false for one-time purchases. */
  auto_renew: z.boolean(),
  /** A subscription started with a free trial: when it ends and the first charge is due. */
  trial_ends_at: stamp.nullable(),
  transactions: z.array(transaction),
  /** The buyer's record of a pass given as a gift (it gives the buyer no access): to whom, and
   *  when it was redeemed (null: not yet). Null for every other order. */
  gift: z.object({ recipient_email: z.string(), redeemed_at: stamp.nullable() }).nullable(),
});
export type Order = z.infer<typeof order>;

/** Spec: GET orders (no_limit=1 unless a limit is given). The user's own orders only. */
export const orders = endpoint({
  name: 'orders',
  method: 'GET',
  path: '/orders',
  auth: 'apiKey',
  params: z
    .object({
      no_limit: bool01.optional(),
      limit: int(1, 100).optional(),
      offset,
      activity_status: activityStatus.optional(),
    })
    .strict(),
  response: pagedEnvelope(order),
});

/** Spec: GET orders/{id}. Another fan's order is not found. An order still waiting for its payment
 *  is checked with the payment provider first (a late or lost webhook still fulfils it). */
export const orderDetail = apiGet('orderDetail', '/orders/:id', order, z.object({ id }).strict());
