import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/* A fan's pre-roll dismissals (ADR 050): when they last skipped or finished each of the channel's
 * pre-rolls (settings.prerolls, by id), so it stays away for PREROLL_DISMISS_SECONDS. A visitor's
 * are the web app's cookie. Replacing the channel (an import) deletes its fans and these with them. */
export const prerollDismissals = pgTable(
  'preroll_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prerollId: integer('preroll_id').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.prerollId] })],
);
