import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { events } from './catalogue.ts';
import { channelRef } from './channel.ts';

/* Fans' accounts and what hangs off them. Deleting a user removes everything personal
 * (cascade) except orders, which stay for accounting with user_id set to NULL. */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    /** Stored lowercased: one account per address and channel. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Null for an account made by social sign-in that never set a password. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: stamp('email_verified_at'),
    temporaryPassword: boolean('temporary_password').notNull().default(false),
    trialPeriodUsed: boolean('trial_period_used').notNull().default(false),
    /** An earlier account of this address (deleted, or the address this account moved from) paid
     *  for something: this one makes no first purchase (account_memory, ADR 027). */
    purchasedBefore: boolean('purchased_before').notNull().default(false),
    newsOptIn: boolean('news_opt_in').notNull().default(false),
    /** 'fan', or 'operator': the channel's own staff, who read the report (`user:create --role`,
     *  the description's `operators`). */
    role: text('role', { enum: ['fan', 'operator'] })
      .notNull()
      .default('fan'),
    termsAcceptedAt: stamp('terms_accepted_at'),
    capabilities: jsonb('capabilities')
      .$type<string[]>()
      .notNull()
      .default(sql`'["watch"]'::jsonb`),
    /** The language the fan last chose on a multilanguage channel (at registration, sign-in or with
     *  the language form; ADR 055): the mails sent outside a request (receipts, renewals, notices,
     *  alerts) are written in it. Null: never chosen, English. */
    locale: text('locale', { enum: ['en', 'fr'] }),
    clipsCount: integer('clips_count').notNull().default(0),
    downloadsCount: integer('downloads_count').notNull().default(0),
    /** The Stripe customer made for this fan on their first purchase (stripe provider only). */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_channel_email_uq').on(t.channelId, t.email)],
);

/**
 * What a channel remembers of an address whose account is gone (deleted, or moved to another
 * address), so registering it again gives no second free trial and no second first purchase
 * (ADR 027): a keyed hash of the normalised address (signing.ts 'account-memory') and two flags,
 * nothing that names or reaches the person.
 */
export const accountMemory = pgTable(
  'account_memory',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    addressHash: text('address_hash').notNull(),
    trialUsed: boolean('trial_used').notNull().default(false),
    purchased: boolean('purchased').notNull().default(false),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_memory_channel_hash_uq').on(t.channelId, t.addressHash)],
);

/** A social provider's account (OIDC `sub`) linked to a user. Per channel, like the users. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    userId: userRef(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_uq').on(t.channelId, t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
);

export type TokenKind = 'verify' | 'reset' | 'delete' | 'session_code';

/** One-time secrets from mailed links and sign-in codes; only their sha256 is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    kind: text('kind').$type<TokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address a verification link was sent to: a link for an old address verifies nothing. */
    email: text('email'),
    expiresAt: stamp('expires_at').notNull(),
    usedAt: stamp('used_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

export const clips = pgTable(
  'clips',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Seconds into the event's video. */
    startTime: integer('start_time').notNull(),
    duration: integer('duration').notNull(),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<'queued' | 'processed' | 'failed'>().notNull().default('queued'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    /** The share link's secret (`/share/{id}/{uuid}`) and the name of the clip's files
     *  (`${DATA_DIR}/clips/<uuid>/`); never reused. */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** The spec's event_media_id: which of the event's media the clip was cut from (null: its
     *  only one). */
    eventMediaId: integer('event_media_id'),
    /** Percent done while queued (0–100), from ffmpeg's progress. */
    progress: integer('progress').notNull().default(0),
    /** Why a failed clip failed, in words a fan can read. */
    error: text('error'),
    processedAt: stamp('processed_at'),
    /** The lease of the worker making the clip (ADR 060): until when it is held (renewed while
     *  ffmpeg runs), null while no worker is on it. Run out on a queued clip: its worker died. */
    workedUntil: stamp('worked_until'),
    /** Which worker holds the lease (instance and try), for the operator. */
    workedBy: text('worked_by'),
  },
  (t) => [
    index('clips_user_idx').on(t.userId, t.createdAt),
    index('clips_event_idx').on(t.eventId),
    // The reaper's query every few seconds: only the leases of clips being made.
    index('clips_lease_idx')
      .on(t.workedUntil)
      .where(sql`${t.status} = 'queued' AND ${t.workedUntil} IS NOT NULL`),
  ],
);

/** What a fan downloaded (spec featureCount.downloads): one row per game or clip, however many
 *  times or byte ranges it was fetched. */
export const downloads = pgTable(
  'downloads',
  {
    userId: userRef(),
    kind: text('kind').$type<'event' | 'clip'>().notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] })],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    channelId: channelRef(),
    key: text('key').notNull(),
    /** Set for a signed-in session; null for a visitor's key. */
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_key_uq').on(t.key), index('api_keys_expires_idx').on(t.expiresAt), index('api_keys_user_idx').on(t.userId)],
);
