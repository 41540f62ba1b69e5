import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { channelRef } from './channel.ts';
import { purchases } from './commerce.ts';

/* The sandbox payment provider's own records: what Stripe would keep for our account (Checkout
 * Sessions, saved cards, subscriptions and their invoices, one-time payments, test clocks). Only
 * channel-api/payments/sandbox*.ts reads and writes them; the channel's own tables never point here. */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

export interface SandboxLine {
  name: string;
  amountCents: number;
}

/**
 * The sandbox provider's side of a checkout: what Stripe would keep for a Checkout Session. Only
 * the sandbox reads and writes it (channel-api/payments/sandbox.ts).
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  channelId: channelRef(),
  purchaseId: integer('purchase_id')
    .notNull()
    .references(() => purchases.id, { onDelete: 'cascade' }),
  mode: text('mode').$type<'payment' | 'subscription' | 'setup'>().notNull(),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  paymentStatus: text('payment_status').$type<'unpaid' | 'paid' | 'no_payment_required'>().notNull().default('unpaid'),
  /** The decline of the last attempt ('card_declined', 'insufficient_funds', 'authentication_failed'). */
  lastError: text('last_error'),
  /** Set while a card that needs authentication waits on the bank page. */
  awaitingAuthentication: boolean('awaiting_authentication').notNull().default(false),
  lines: jsonb('lines').$type<SandboxLine[]>().notNull(),
  amountTotalCents: integer('amount_total_cents').notNull(),
  currency: text('currency').notNull(),
  customerEmail: text('customer_email').notNull(),
  /** The fan (our user id): their saved cards, subscriptions and test clock. */
  customerId: integer('customer_id'),
  /** A subscription's free trial, in days. */
  trialDays: integer('trial_days'),
  /** A subscription's renewal: every `intervalCount` `interval`s. */
  recurringInterval: text('recurring_interval').$type<'day' | 'month' | 'year'>(),
  recurringCount: integer('recurring_count'),
  /** The subscription or saved card the completed session made. */
  subscriptionId: text('subscription_id'),
  paymentMethodId: text('payment_method_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: stamp('expires_at').notNull(),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** A card saved for a fan (Stripe: a PaymentMethod attached to the customer). */
export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  channelId: channelRef(),
  customerId: integer('customer_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Which Stripe test card it is ('4242…'): decides what charging it does. */
  number: text('number').notNull(),
  detached: boolean('detached').notNull().default(false),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** A renewing subscription (Stripe: a Subscription on the customer's test clock). */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  channelId: channelRef(),
  customerId: integer('customer_id').notNull(),
  sessionId: text('session_id').notNull(),
  cardId: text('card_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  interval: text('interval').$type<'day' | 'month' | 'year'>().notNull(),
  intervalCount: integer('interval_count').notNull(),
  status: text('status').$type<'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid'>().notNull(),
  trialEnd: stamp('trial_end'),
  currentPeriodStart: stamp('current_period_start').notNull(),
  currentPeriodEnd: stamp('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Why it ended: 'cancellation_requested' or 'payment_failed'. */
  endedReason: text('ended_reason'),
  /** Failed attempts at the current invoice (Smart Retries: three more, then it ends). */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  trialWillEndSent: boolean('trial_will_end_sent').notNull().default(false),
  createdAt: stamp('created_at').notNull(),
});

/** A subscription's invoice (Stripe: an Invoice): the first charge, then one per renewal. */
export const sandboxInvoices = pgTable('sandbox_invoices', {
  id: text('id').primaryKey(),
  subscriptionId: text('subscription_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<'open' | 'paid' | 'uncollectible'>().notNull(),
  billingReason: text('billing_reason').$type<'subscription_create' | 'subscription_cycle'>().notNull(),
  periodStart: stamp('period_start').notNull(),
  periodEnd: stamp('period_end').notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** The decline of the last attempt. */
  lastError: text('last_error'),
  createdAt: stamp('created_at').notNull(),
});

/** A charge on a saved card made while the fan is on our site (Stripe: a PaymentIntent). */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  channelId: channelRef(),
  purchaseId: integer('purchase_id')
    .notNull()
    .references(() => purchases.id, { onDelete: 'cascade' }),
  cardId: text('card_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<'requires_action' | 'succeeded' | 'requires_payment_method' | 'canceled'>().notNull(),
  lastError: text('last_error'),
  returnUrl: text('return_url').notNull(),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** A fan's test clock (Stripe: a Test Clock on the customer): how far their time is ahead. */
export const sandboxClocks = pgTable('sandbox_clocks', {
  customerId: integer('customer_id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
});
