import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { events } from './catalogue.ts';

/* What a fan follows (the spec's "favorites": its field names favoritable_type and _id are kept),
 * and what following brings them: a private calendar feed of their games, and the alert mails sent
 * for them. */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** One thing a fan follows: a school, team, sport, division, venue or game, by the spec's type and
 *  id (repo/follows.ts names the table each type is in). */
export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    favoritableType: text('favoritable_type').notNull(),
    favoritableId: integer('favoritable_id').notNull(),
    /** The fan's alert mails for this follow's games (alert_mails below): when a game starts, and
     *  ALERT_LEAD_MINUTES before it. */
    alertGoLive: boolean('alert_go_live').notNull().default(false),
    alertReminder: boolean('alert_reminder').notNull().default(false),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('follows_user_item_uq').on(t.userId, t.favoritableType, t.favoritableId)],
);

/** A fan's private calendar feed. Its token is found by a keyed hash (signing.ts) and kept sealed
 *  with the server's key so its owner sees the address on every visit (ADR 046); a reset replaces
 *  both and the old address is gone. A feed made before tokens were kept has no sealed token. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSealed: text('token_sealed'),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** How a game last looked in the feeds (a fingerprint of what a feed says of it): its SEQUENCE
 *  and DTSTAMP move only when that changes, so calendar apps see an update only for a real one. */
export const calendarEventVersions = pgTable('calendar_event_versions', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  fingerprint: text('fingerprint').notNull(),
  sequence: integer('sequence').notNull().default(0),
  changedAt: stamp('changed_at').notNull(),
});

/** An alert mail for a game, of one kind ('go-live', 'reminder'), to one fan: claimed (inserted)
 *  before it is sent, so there is at most one, whichever server claims it first. */
export const alertMails = pgTable(
  'alert_mails',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    claimedAt: stamp('claimed_at').notNull().defaultNow(),
    /** Null until the mail is handed to the mail server (a failed job leaves it null). */
    sentAt: stamp('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId, t.kind] }), index('alert_mails_event_idx').on(t.eventId)],
);
