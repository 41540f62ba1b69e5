import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FormField } from '../../../contract/custom-forms.ts';
import type { StoredPreroll } from '../../../contract/prerolls.ts';

/* The tenant: a channel, its settings, its geo ranges and generated images. Every other row
 * belongs to one channel; deleting a channel cascades, which is how an import replaces the demo channel. */

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
  /** The tags a fan picks from for a clip; absent in channels stored before clips (DEFAULT_CLIP_TAGS). */
  clip_tags?: string[];
  /** The IANA zone fans read times in (ADR 045); absent in channels stored before it: UTC. */
  time_zone?: string;
  /** Pre-roll ads, their ads prepared (ADR 050); absent in channels stored before them: none. */
  prerolls?: StoredPreroll[];
  /** The channel's custom forms (ADR 053); absent in channels stored before them: none. */
  custom_forms?: StoredCustomForm[];
}

/** A custom form as the description declares it and the settings keep it. */
export interface StoredCustomForm {
  alias: string;
  title: string;
  required: boolean;
  fields: FormField[];
}

/** The clip tags of a channel that names none. */
export const DEFAULT_CLIP_TAGS = ['Highlight', 'Goal', 'Save', 'Defense', 'Assist', 'Funny'];
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
  blockedCountries: jsonb('blocked_countries')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Country reported for addresses that match no geo range. */
  defaultCountryCode: text('default_country_code').notNull(),
  defaultCountry: text('default_country').notNull(),
  groupProperties: jsonb('group_properties')
    .$type<GroupProperty[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Bumped in the same transaction by every write to the games, their teams and sports (triggers
   *  of migration 0021): the public lists' answers are kept per version (services/catalogue-answers.ts). */
  catalogueVersion: bigint('catalogue_version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const geoRanges = pgTable('geo_ranges', {
  id: serial('id').primaryKey(),
  channelId: channelRef(),
  cidr: text('cidr').notNull(),
  countryCode: text('country_code').notNull(),
  country: text('country').notNull(),
});

/** Generated SVG images, served at /media/images/<name>.svg and drawn as <name>.webp (channel-api/images.ts). */
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

/**
 * The channel API's own secrets (channel-api/signing.ts), made once at the first start when the
 * environment names none, so every process on one database signs and checks alike. Never sent
 * anywhere: unlike the channel key, which GET /channels/{slug}.json hands to anyone.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
