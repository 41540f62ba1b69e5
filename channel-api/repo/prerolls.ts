import { and, eq, gt } from 'drizzle-orm';
import type { ChannelRow } from './channels.ts';
import type { StoredPreroll } from '../../contract/prerolls.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/* The channel's pre-rolls (its settings, written by the import) and a fan's dismissals of them. */

export const prerollsOf = (channel: Pick<ChannelRow, 'settings'>): StoredPreroll[] => channel.settings.prerolls ?? [];

/** Each event category's parent, so a pre-roll for a sport plays before its divisions' games. */
export async function categoryParents(db: Db, channelId: number): Promise<Map<number, number | null>> {
  const rows = await db
    .select({ id: t.eventCategories.id, parentId: t.eventCategories.parentId })
    .from(t.eventCategories)
    .where(eq(t.eventCategories.channelId, channelId));
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

/** When the fan last skipped or finished each pre-roll, epoch seconds, for those since `since`. */
export async function dismissalsOf(db: Db, userId: number, since: Date): Promise<Record<number, number>> {
  const rows = await db
    .select()
    .from(t.prerollDismissals)
    .where(and(eq(t.prerollDismissals.userId, userId), gt(t.prerollDismissals.dismissedAt, since)));
  return Object.fromEntries(rows.map((r) => [r.prerollId, Math.floor(r.dismissedAt.getTime() / 1000)]));
}

export async function recordDismissal(db: Db, userId: number, prerollId: number, at: Date): Promise<void> {
  await db
    .insert(t.prerollDismissals)
    .values({ userId, prerollId, dismissedAt: at })
    .onConflictDoUpdate({ target: [t.prerollDismissals.userId, t.prerollDismissals.prerollId], set: { dismissedAt: at } });
}
