import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { channelRef } from './channel.ts';

/* Video on demand: categories, items and the rails that group them. */

export const vodCategories = pgTable('vod_categories', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  name: text('name').notNull(),
  alias: text('alias').notNull(),
  weight: integer('weight').notNull().default(0),
});

export const vodItems = pgTable('vod_items', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  categoryId: integer('category_id').references(() => vodCategories.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  date: timestamp('date', { withTimezone: true }).notNull(),
  duration: integer('duration').notNull(),
  /** 'free' plays for everyone; 'paid' needs a pass (same rule as events). */
  type: text('type').notNull().default('free'),
  asset: text('asset').notNull(),
  image: text('image'),
});

export const vodRails = pgTable('vod_rails', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  title: text('title').notNull(),
  weight: integer('weight').notNull().default(0),
});

export const vodRailItems = pgTable(
  'vod_rail_items',
  {
    railId: integer('rail_id')
      .notNull()
      .references(() => vodRails.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => vodItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.railId, t.itemId] })],
);
