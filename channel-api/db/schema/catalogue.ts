import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { channelRef } from './channel.ts';

/* What is broadcast: events with their categories, locations and participants (teams, schools). */

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
    properties: jsonb('properties')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
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
    /** ISO country codes where this game is blacked out (channel/geo: contract/regions.ts). */
    blackoutCountries: jsonb('blackout_countries')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
