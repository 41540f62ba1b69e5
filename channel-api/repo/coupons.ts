import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { coupons, orders } from '../db/schema.ts';

/* A channel's promotion codes and what their limits read: the fan's paid orders, and the count of
   redemptions (services/coupons.ts has the rules). */

export type CouponRow = typeof coupons.$inferSelect;

/** A code of the channel, matched as stored (upper case: the caller normalizes what was typed). */
export async function couponByCode(db: Db, channelId: number, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.channelId, channelId), eq(coupons.code, code)));
  return row;
}

/** Whether the fan has paid for anything before (refunded orders were paid too). */
export async function hasPaidOrder(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'refunded'])))
    .limit(1);
  return row !== undefined;
}

/** One more use of a code, in the caller's transaction: the purchase that used it was paid. */
export async function countRedemption(tx: Executor, couponId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(eq(coupons.id, couponId));
}
