import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';

/* The reference channel's tables. Every content row belongs to one channel; deleting a channel
 * cascades, which is how an import replaces the demo channel. Money is stored in cents. */

export interface ChannelSettings {
  logo: string | null;
  language: string;
  multilanguage: boolean;
  currency: string;
  'google-analytics': string | null;
  'yare-analytics': string | null;
  basic_pass: boolean;
  cookie_notice: boolean;
  contact_email: string;
  contact_phone: string | null;
  address: string | null;
  social: { name: string; url: string }[];
}
export interface GroupProperty {
  name: string;
  label: string;
  values: { value: string; label: string }[];
}

export const channelRef = () =>
  integer('channel_id')
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' });

export const channels = pgTable('channels', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  channelKey: text('channel_key').notNull().unique(),
  settings: jsonb('settings').$type<ChannelSettings>().notNull(),
  colorSettings: jsonb('color_settings').$type<Record<string, string>>().notNull(),
  /** ISO country codes whose visitors may not watch. */
  blockedCountries: jsonb('blocked_countries').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** Country reported for addresses that match no geo range. */
  defaultCountryCode: text('default_country_code').notNull(),
  defaultCountry: text('default_country').notNull(),
  groupProperties: jsonb('group_properties').$type<GroupProperty[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const geoRanges = pgTable('geo_ranges', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  cidr: text('cidr').notNull(),
  countryCode: text('country_code').notNull(),
  country: text('country').notNull(),
});

/** Generated SVG images served at /media/images/<name>.svg. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    name: text('name').notNull(),
    svg: text('svg').notNull(),
  },
  (t) => [uniqueIndex('images_name_uq').on(t.name)],
);

export const participantGroups = pgTable('participant_groups', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  name: text('name').notNull(),
  alias: text('alias').notNull(),
  image: text('image'),
  weight: integer('weight').notNull().default(0),
});

export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    parentId: integer('parent_id'),
    participantGroupId: integer('participant_group_id').references(() => participantGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    alias: text('alias').notNull(),
    color: text('color').notNull(),
    logo: text('logo'),
    banner: text('banner'),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    weight: integer('weight').notNull().default(0),
  },
  (t) => [index('participants_channel_idx').on(t.channelId, t.parentId)],
);

export const eventCategories = pgTable('event_categories', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  alias: text('alias').notNull(),
  weight: integer('weight').notNull().default(0),
});

export const eventLocations = pgTable('event_locations', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    homeTeamId: integer('home_team_id'),
    /** Start, epoch seconds. For always-live events, the start of the first airing. */
    eventUtcTs: bigint('event_utc_ts', { mode: 'number' }).notNull(),
    duration: integer('duration').notNull(),
    timeZone: text('time_zone').notNull(),
    /** A looping demo broadcast: it re-airs back to back, so it is live whenever asked. */
    alwaysLive: boolean('always_live').notNull().default(false),
    locationId: integer('location_id').references(() => eventLocations.id, { onDelete: 'set null' }),
    eventCategoryId: integer('event_category_id').references(() => eventCategories.id, { onDelete: 'set null' }),
    image: text('image'),
    weight: integer('weight').notNull().default(0),
    /** Demo video asset (game-1, game-2, game-3) played once the event is finished. */
    asset: text('asset'),
  },
  (t) => [index('events_channel_ts_idx').on(t.channelId, t.eventUtcTs)],
);

export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.participantId] }), index('event_participants_participant_idx').on(t.participantId)],
);

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
  /** main | category | participant | group */
  type: text('type').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  image: text('image').notNull(),
  slidableType: text('slidable_type').notNull(),
  slidableId: integer('slidable_id'),
  linkUrl: text('link_url'),
  weight: integer('weight').notNull().default(0),
});

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
  eventCategories: jsonb('event_categories').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
});

export const packages = pgTable('packages', {
  ...productColumns(),
  type: text('type').$type<'package' | 'event'>().notNull(),
  passType: text('pass_type').$type<'free' | 'paid' | 'register' | 'ppv'>().notNull(),
  kind: text('kind').$type<'regular' | 'additional'>().notNull(),
  parentPassId: integer('parent_pass_id'),
  eventCategoryId: integer('event_category_id'),
  isTeamPass: boolean('is_team_pass').notNull().default(false),
  participants: jsonb('participants').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
  period: text('period'),
});

export const subscriptions = pgTable('subscriptions', {
  ...productColumns(),
  offer: text('offer').$type<'annual' | 'monthly'>().notNull(),
  period: text('period').$type<'annual' | 'month'>().notNull(),
  trialPeriod: integer('trial_period'),
});

