import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { channelRef } from './channel.ts';
import type { SlideType } from '../../../contract/entities.ts';

/* The channel's own pages and navigation: pages, static blocks, FAQ, menus, slides. */

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  url: text('url').notNull(),
  altName: text('alt_name').notNull(),
  name: text('name').notNull(),
  body: text('body').notNull(),
  weight: integer('weight').notNull().default(0),
});

export const staticBlocks = pgTable('static_blocks', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  alias: text('alias').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
});

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  weight: integer('weight').notNull().default(0),
});

/** location: header | footer (links), group (ref = participant group), participant (ref = participant). */
export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  location: text('location').notNull(),
  name: text('name').notNull(),
  url: text('url').notNull().default(''),
  refId: integer('ref_id'),
  weight: integer('weight').notNull().default(0),
});

export const slides = pgTable('slides', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  type: text('type').$type<SlideType>().notNull(),
  /** The category, participant or group whose page shows the slide (by `type`); null for main. */
  belongsToId: integer('belongs_to_id'),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  image: text('image').notNull(),
  slidableType: text('slidable_type').notNull(),
  slidableId: integer('slidable_id'),
  linkUrl: text('link_url'),
  weight: integer('weight').notNull().default(0),
});
