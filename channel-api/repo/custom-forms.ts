import { and, eq } from 'drizzle-orm';
import type { ChannelRow } from './channels.ts';
import type { FormAnswer } from '../../contract/custom-forms.ts';
import type { Db } from '../db/client.ts';
import type { StoredCustomForm } from '../db/schema/channel.ts';
import * as t from '../db/schema.ts';

/* The channel's custom forms (its settings, written by the import) and a fan's answers to them. */

export const customFormOf = (channel: Pick<ChannelRow, 'settings'>, alias: string): StoredCustomForm | null =>
  (channel.settings.custom_forms ?? []).find((f) => f.alias === alias) ?? null;

export interface StoredAnswer {
  answers: FormAnswer[];
  answeredAt: Date;
}

export async function answerOf(db: Db, userId: number, alias: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({ answers: t.customFormAnswers.answers, answeredAt: t.customFormAnswers.answeredAt })
    .from(t.customFormAnswers)
    .where(and(eq(t.customFormAnswers.userId, userId), eq(t.customFormAnswers.alias, alias)));
  return row ?? null;
}

/** Stores the fan's answers, replacing any before: one statement, so never half of them. */
export async function saveAnswer(db: Db, userId: number, alias: string, answers: FormAnswer[], at: Date): Promise<StoredAnswer> {
  const [row] = await db
    .insert(t.customFormAnswers)
    .values({ userId, alias, answers, answeredAt: at })
    .onConflictDoUpdate({ target: [t.customFormAnswers.userId, t.customFormAnswers.alias], set: { answers, answeredAt: at } })
    .returning({ answers: t.customFormAnswers.answers, answeredAt: t.customFormAnswers.answeredAt });
  return row;
}
