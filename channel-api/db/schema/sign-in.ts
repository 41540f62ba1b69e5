import { bigserial, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { channelRef } from './channel.ts';

/* What the sign-in limits remember (services/sign-in-limits.ts; ADR 028): failed password checks
 * for a short window, and the addresses each account signed in from lately. Accounts (the
 * normalised address) and client addresses are kept as keyed hashes (signing.ts), never in clear,
 * and are not tied to a user row: an address with no account behind it is limited the same way. */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** One failed sign-in (or one being checked: it counts until the password proves right). */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: channelRef(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    failedAt: stamp('failed_at').notNull(),
  },
  (t) => [
    index('sign_in_failures_account_idx').on(t.channelId, t.account, t.failedAt),
    index('sign_in_failures_address_idx').on(t.channelId, t.address, t.failedAt),
    index('sign_in_failures_time_idx').on(t.failedAt),
  ],
);

/** An address an account signed in from, and when last: its own failures do not lock it out. */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    channelId: channelRef(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    signedInAt: stamp('signed_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.account, t.address] }), index('sign_in_addresses_time_idx').on(t.signedInAt)],
);
