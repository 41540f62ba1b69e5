import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { spendToken } from './tokens.ts';
import type { Clip } from '../../contract/clips.ts';
import type { Db, Executor } from '../db/client.ts';
import { accountMemory, apiKeys, clips, events, favorites, orders, userIdentities, users, userTokens } from '../db/schema.ts';

/* The signed-in fan's clips, and account deletion (orders: commerce.ts). Every query is filtered by the caller's user id: there is no
 * way to name another user's rows. */

export async function clipsOf(db: Db, userId: number): Promise<Clip[]> {
  const rows = await db
    .select({ clip: clips, eventName: events.name })
    .from(clips)
    .innerJoin(events, eq(events.id, clips.eventId))
    .where(eq(clips.userId, userId))
    .orderBy(desc(clips.createdAt), desc(clips.id));
  return rows.map(({ clip: c, eventName }) => ({
    id: c.id,
    event_id: c.eventId,
    event_name: eventName,
    name: c.name,
    start_time: c.startTime,
    duration: c.duration,
    tags: c.tags,
    status: c.status,
    uuid: c.uuid,
    event_media_id: c.eventMediaId,
    progress: c.progress,
    error: c.error,
    // The clips issue's service fills in the files of a processed clip.
    media: null,
    created_at: c.createdAt.toISOString(),
  }));
}

/**
 * Deletes the account in one transaction (false: the confirmation link was already spent): orders are detached (kept for accounting), everything
 * else of the user goes. The cascades would do most of it; the explicit deletes say what goes
 * and keep working if a foreign key is ever changed.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
  confirmationTokenId: number,
  /** What the channel keeps of the address (services/account-memory.ts), in the same transaction. */
  remember: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The link is spent in the same transaction: a concurrent second click deletes nothing.
    if (!(await spendToken(tx, confirmationTokenId))) return false;
    await remember(tx);
    await tx.update(orders).set({ userId: null }).where(eq(orders.userId, userId));
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(clips).where(eq(clips.userId, userId));
    await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
    await tx.delete(userTokens).where(eq(userTokens.userId, userId));
    await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  });
}

/** Keeps the flags of an address's hash (ADR 027); flags already kept stay set. */
export async function rememberAddress(tx: Executor, channelId: number, addressHash: string, facts: { trialUsed: boolean; purchased: boolean }): Promise<void> {
  await tx
    .insert(accountMemory)
    .values({ channelId, addressHash, ...facts })
    .onConflictDoUpdate({
      target: [accountMemory.channelId, accountMemory.addressHash],
      set: {
        trialUsed: sql`${accountMemory.trialUsed} OR excluded.trial_used`,
        purchased: sql`${accountMemory.purchased} OR excluded.purchased`,
      },
    });
}

/** The flags kept for any of an address's hashes (one per signing key: rotation keeps them). */
export async function recallAddress(db: Executor, channelId: number, addressHashes: string[]): Promise<{ trialUsed: boolean; purchased: boolean }> {
  const rows = await db
    .select({ trialUsed: accountMemory.trialUsed, purchased: accountMemory.purchased })
    .from(accountMemory)
    .where(and(eq(accountMemory.channelId, channelId), inArray(accountMemory.addressHash, addressHashes)));
  return { trialUsed: rows.some((r) => r.trialUsed), purchased: rows.some((r) => r.purchased) };
}
