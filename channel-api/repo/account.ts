import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Clip, Order } from '../../contract/account.ts';
import type { Db } from '../db/client.ts';
import { fromCents } from '../money.ts';
import { spendToken } from './tokens.ts';
import { apiKeys, clips, events, favorites, orders, transactions, userIdentities, users, userTokens } from '../db/schema.ts';

/* The signed-in fan's own records. Every query is filtered by the caller's user id: there is no
 * way to name another user's rows. */

export async function ordersOf(
  db: Db,
  userId: number,
  q: { limit?: number; offset: number; activityStatus?: 'active' | 'inactive' },
): Promise<{ data: Order[]; meta: { total: number; offset: number; limit: number } }> {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (q.activityStatus) conditions.push(eq(orders.activityStatus, q.activityStatus));
  const where = and(...conditions);
  const base = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic().offset(q.offset);
  const [rows, [{ total }]] = await Promise.all([q.limit ? base.limit(q.limit) : base, db.select({ total: count() }).from(orders).where(where)]);
  const txs = rows.length
    ? await db
        .select()
        .from(transactions)
        .where(
          inArray(
            transactions.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(transactions.createdAt), asc(transactions.id))
    : [];
  const data = rows.map((r): Order => ({
    id: r.id,
    status: r.status as Order['status'],
    activity_status: r.activityStatus,
    type: r.type,
    product: r.product,
    amount: fromCents(r.amountCents),
    currency: r.currency,
    created_at: r.createdAt.toISOString(),
    transactions: txs
      .filter((t) => t.orderId === r.id)
      .map((t) => ({ id: t.id, status: t.status, amount: fromCents(t.amountCents), currency: t.currency, created_at: t.createdAt.toISOString() })),
  }));
  return { data, meta: { total: Number(total), offset: q.offset, limit: q.limit ?? Number(total) } };
}

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
    created_at: c.createdAt.toISOString(),
  }));
}

/**
 * Deletes the account in one transaction (false: the confirmation link was already spent): orders are detached (kept for accounting), everything
 * else of the user goes. The cascades would do most of it; the explicit deletes say what goes
 * and keep working if a foreign key is ever changed.
 */
export async function deleteAccount(db: Db, userId: number, confirmationTokenId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The link is spent in the same transaction: a concurrent second click deletes nothing.
    if (!(await spendToken(tx, confirmationTokenId))) return false;
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
