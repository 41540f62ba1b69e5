import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import type { FormAnswer } from '../../../contract/custom-forms.ts';

/* A fan's answers to the channel's custom forms (ADR 053): one row per fan and form (its alias in
 * settings.custom_forms), the answers the spec's list of name/value fields. A second answer
 * replaces the first. Replacing the channel (an import) deletes its fans and these with them. */
export const customFormAnswers = pgTable(
  'custom_form_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    answers: jsonb('answers')
      .$type<FormAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alias] })],
);
