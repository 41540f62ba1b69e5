import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { holding } from './purchases.ts';
import type { Executor } from '../db/client.ts';
import { coupons, orders, purchases, users } from '../db/schema.ts';

/* A channel's promotion codes and what their limits read: the fan's paid orders, the uses paid
   (times_redeemed) and the uses held by checkouts not yet paid (services/coupons.ts has the rules,
   services/holds.ts the holding). */

export type CouponRow = typeof coupons.$inferSelect;

/** A code of the channel, matched as stored (upper case: the caller normalizes what was typed). */
export async function couponByCode(db: Executor, channelId: number, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.channelId, channelId), eq(coupons.code, code)));
  return row;
}

/** The code's row, locked until the caller's transaction ends (PostgreSQL: concurrent holds of
 *  one code wait for each other; PGlite runs one transaction at a time anyway). */
export async function lockCoupon(tx: Executor, couponId: number): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
  return row;
}

/* `ownGiveWay`: the fan's own checkouts holding this code are not counted, because a new
   checkout of theirs with it ends them (services/holds.ts replacedBy): what a quote asks. */

/** Uses of a code held by checkouts not paid yet (paid ones are in times_redeemed). */
export async function heldUses(db: Executor, couponId: number, now: Date, ownGiveWay?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(and(eq(purchases.couponId, couponId), holding(now), ownGiveWay === undefined ? undefined : notOf(ownGiveWay)));
  return Number(row.n);
}

/** The fan's uses of a code: paid, or held by a checkout of theirs. */
export async function fanUses(db: Executor, userId: number, couponId: number, now: Date, ownGiveWay = false): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.couponId, couponId),
        ownGiveWay ? eq(purchases.status, 'paid') : or(eq(purchases.status, 'paid'), holding(now)),
      ),
    );
  return Number(row.n);
}

const notOf = (userId: number) => or(isNull(purchases.userId), ne(purchases.userId, userId));

/** Whether the fan has made their first purchase: paid for anything (refunded orders were paid
 *  too), or an earlier account of their address had (users.purchased_before), or a checkout of
 *  theirs holds a first-purchase code (but `ownGiveWay`'s, which gives way). */
export async function firstPurchaseMade(db: Executor, userId: number, now: Date, ownGiveWay?: number): Promise<boolean> {
  // One query after another, each only if the one before said no: `db` may be a transaction, whose
  // one connection takes one query at a time (pg queues more with a DeprecationWarning; pg 9 refuses).
  const paid = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'refunded'])))
    .limit(1);
  if (paid.length > 0) return true;
  const held = await db
    .select({ id: purchases.id })
    .from(purchases)
    .innerJoin(coupons, eq(coupons.id, purchases.couponId))
    .where(
      and(
        eq(purchases.userId, userId),
        eq(coupons.firstPurchaseOnly, true),
        holding(now),
        ownGiveWay === undefined ? undefined : ne(purchases.couponId, ownGiveWay),
      ),
    )
    .limit(1);
  if (held.length > 0) return true;
  const [user] = await db.select({ before: users.purchasedBefore }).from(users).where(eq(users.id, userId));
  return user?.before === true;
}

/** One more use of a code, in the caller's transaction: the purchase that used it was paid. */
export async function countRedemption(tx: Executor, couponId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(eq(coupons.id, couponId));
}
