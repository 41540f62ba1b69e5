import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { channelRef } from './channel.ts';

/* What a channel sells and what fans bought. Money is stored in cents (see ../../money.ts). */

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
  id: number;
  name: string;
  event_category_id: number | null;
  participant_id: number | null;
}

/** Minimal for the profile tabs and account deletion; the commerce issue extends it. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<'event' | 'package' | 'subscription'>().notNull(),
    product: jsonb('product').$type<ProductSnapshot>().notNull(),
    status: text('status').notNull().default('created'),
    activityStatus: text('activity_status').$type<'active' | 'inactive'>().notNull().default('inactive'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<'created' | 'failed' | 'paid' | 'refunded'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('transactions_order_idx').on(t.orderId)],
);
