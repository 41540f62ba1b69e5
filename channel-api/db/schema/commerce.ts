import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { channelRef } from './channel.ts';

/* What a channel sells and what fans bought. Money is stored in integer minor units of the
   currency, `*_cents` (a yen for JPY), and sent so on the wire (ADR 043). */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

const productColumns = () => ({
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  basePriceCents: integer('base_price_cents').notNull(),
  serviceFeeCents: integer('service_fee_cents').notNull(),
  image: text('image'),
  weight: integer('weight').notNull().default(0),
  eventCategories: jsonb('event_categories')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** What buying it lets a fan do (contract `capability`, lowercase): the channel's data (ADR 038). */
  capabilities: jsonb('capabilities')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const packages = pgTable('packages', {
  ...productColumns(),
  type: text('type').$type<'package' | 'event'>().notNull(),
  passType: text('pass_type').$type<'free' | 'paid' | 'register' | 'ppv'>().notNull(),
  kind: text('kind').$type<'regular' | 'additional'>().notNull(),
  parentPassId: integer('parent_pass_id'),
  eventCategoryId: integer('event_category_id'),
  isTeamPass: boolean('is_team_pass').notNull().default(false),
  participants: jsonb('participants')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  period: text('period'),
});

export const subscriptions = pgTable('subscriptions', {
  ...productColumns(),
  offer: text('offer').$type<'annual' | 'monthly'>().notNull(),
  period: text('period').$type<'annual' | 'month'>().notNull(),
  trialPeriod: integer('trial_period'),
});

export interface ProductSnapshot {
  /** The pass, package or subscription sold (a single event: its single-event package). */
  id: number;
  /** What the fan bought, as they saw it then (an event's name, a package's with its choice). */
  name: string;
  event_id?: number | null;
  event_category_id: number | null;
  participant_id: number | null;
}

export type OrderType = 'event' | 'package' | 'subscription';
export type OrderStatus = 'created' | 'paid' | 'failed' | 'refunded';
export type ActivityStatus = 'active' | 'inactive' | 'expired' | 'canceled';

/**
 * One checkout: what the fan pays in one go with the payment provider (one order, or one per
 * choice of a package). It holds the provider's session, the idempotency key of the form that
 * started it (the same key again is the same purchase) and the product key that lets a new
 * attempt end an older open one.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'event:45', 'package:3', 'subscription:2'. */
    productKey: text('product_key').notNull(),
    provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<'open' | 'paid' | 'failed'>().notNull().default('open'),
    /** The provider's Checkout Session (cs_…) once made. */
    sessionId: text('session_id'),
    redirectUrl: text('redirect_url'),
    amountCents: integer('amount_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    currency: text('currency').notNull(),
    /** A subscription's billing period ('month' | 'annual'); null for one-time purchases. */
    period: text('period'),
    /** A subscription started as a free trial of this many days. */
    trialDays: integer('trial_days'),
    /** The promotion code applied (as the fan typed it, upper case) and what it took off. */
    couponId: integer('coupon_id'),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Paid with a saved card (pm_…) instead of a hosted checkout. */
    paymentMethodId: text('payment_method_id'),
    /** When its checkout expires: until then an open purchase holds its promo code's use, its free
     *  trial and its first purchase (services/holds.ts, ADR 027). */
    expiresAt: stamp('expires_at'),
    failureReason: text('failure_reason'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('purchases_coupon_idx').on(t.couponId),
    uniqueIndex('purchases_session_uq').on(t.sessionId),
    index('purchases_user_product_idx').on(t.userId, t.productKey),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null only for orders made before purchases existed. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'cascade' }),
    type: text('type').$type<OrderType>().notNull(),
    product: jsonb('product').$type<ProductSnapshot>().notNull(),
    /** What access follows from (the snapshot keeps the names). */
    productId: integer('product_id'),
    eventId: integer('event_id'),
    eventCategoryId: integer('event_category_id'),
    participantId: integer('participant_id'),
    status: text('status').$type<OrderStatus>().notNull().default('created'),
    activityStatus: text('activity_status').$type<ActivityStatus>().notNull().default('inactive'),
    amountCents: integer('amount_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    currency: text('currency').notNull(),
    paidAt: stamp('paid_at'),
    /** Null: access lasts as long as the pass (a season, an event). */
    accessUntil: stamp('access_until'),
    failureReason: text('failure_reason'),
    /** A subscription renews at the end of each period until cancelled ('Auto-Renewal'). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** A subscription started with a free trial: when the trial ends and the first charge is due. */
    trialEndsAt: stamp('trial_ends_at'),
    /** The provider's subscription (sub_…) that renews this order. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Bought as a gift: the buyer's record of it, which gives the buyer no access. */
    isGift: boolean('is_gift').notNull().default(false),
    /** The outer tracking code (`?trk=`) the fan came with when they bought it (ADR 049). */
    trk: text('trk'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId), index('orders_purchase_idx').on(t.purchaseId)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<'created' | 'failed' | 'paid' | 'refunded'>().notNull(),
    /** 'Purchase'; for subscriptions 'New subscription' or 'Subscription Renewal' (spec section 4). */
    label: text('label').notNull().default('Purchase'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('transactions_order_idx').on(t.orderId)],
);

/** Payment provider events already handled (Stripe delivers at least once): a repeat is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  handledAt: stamp('handled_at').notNull().defaultNow(),
});

/**
 * Promotion codes of a channel (GET apply_coupon). A code takes a percentage or an amount off a
 * purchase's price (not its service fee), and may be limited: an expiry, a number of uses, a
 * fan's first purchase only, a minimum amount, some kinds of product.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    /** Stored upper case: codes are matched case-insensitively, as Stripe's are. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    expiresAt: stamp('expires_at'),
    maxRedemptions: integer('max_redemptions'),
    /** How many times one fan may use it; null: no limit of its own. */
    maxRedemptionsPerUser: integer('max_redemptions_per_user'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    minimumAmountCents: integer('minimum_amount_cents'),
    /** Product kinds it applies to ('event', 'package', 'subscription'); empty: every kind. */
    appliesTo: jsonb('applies_to')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('coupons_channel_code_uq').on(t.channelId, t.code)],
);

/**
 * A pass bought for someone else: mailed to them with a redeem link (only the token's sha256 is
 * kept); redeeming it gives them their own order of the pass, once.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: stamp('redeemed_at'),
    /** The order the redemption made for the recipient. */
    redeemedOrderId: integer('redeemed_order_id'),
    /** When the redeem link was last mailed (when paid, and on each resend by the buyer). */
    mailedAt: stamp('mailed_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gifts_token_uq').on(t.tokenHash), index('gifts_purchase_idx').on(t.purchaseId)],
);
