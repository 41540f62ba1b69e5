import { and, eq, inArray, sql } from 'drizzle-orm';
import { spendToken } from './tokens.ts';
import type { Db, Executor } from '../db/client.ts';
import { accountMemory, apiKeys, clips, follows, orders, userIdentities, users, userTokens } from '../db/schema.ts';

/* Account deletion (orders: commerce.ts). Every query is filtered by the caller's user id: there is no
 * way to name another user's rows. */

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
    await tx.delete(follows).where(eq(follows.userId, userId));
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
