import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { OrderRow } from './orders.ts';
import { soldItem, type PurchaseRow } from './purchases.ts';
import type { Db, Executor } from '../db/client.ts';
import { gifts, orders, purchases, transactions } from '../db/schema.ts';

/* Gifts (ADR 019): a paid purchase given to someone else, found by the sha256 of its mailed
 * token, and redeemed once: the claim is a conditional update, so two redemptions at the same
 * moment make one order. */

export type GiftRow = typeof gifts.$inferSelect;

/** A gift of the channel by its token's hash, with its purchase. */
export async function giftByTokenHash(db: Db, channelId: number, tokenHash: string): Promise<{ gift: GiftRow; purchase: PurchaseRow } | undefined> {
  const [row] = await db
    .select({ gift: gifts, purchase: purchases })
    .from(gifts)
    .innerJoin(purchases, eq(purchases.id, gifts.purchaseId))
    .where(and(eq(gifts.tokenHash, tokenHash), eq(gifts.channelId, channelId)))
    .limit(1);
  return row;
}

export async function giftOfPurchase(db: Db, purchaseId: number): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.purchaseId, purchaseId)).limit(1);
  return row;
}

/** The link's token, made when the gift is mailed (only its hash is kept), and when it was. */
export async function setGiftTokenHash(db: Db, giftId: number, tokenHash: string, mailedAt: Date): Promise<void> {
  await db.update(gifts).set({ tokenHash, mailedAt }).where(eq(gifts.id, giftId));
}

/** Claims a resend of an unredeemed gift, to `recipientEmail`, unless its link was mailed after
 *  `mailedBefore`: one conditional update, so two resends at once mail once. False: redeemed, or
 *  mailed too recently. */
export async function claimGiftResend(db: Db, giftId: number, recipientEmail: string, now: Date, mailedBefore: Date): Promise<boolean> {
  const rows = await db
    .update(gifts)
    .set({ recipientEmail, mailedAt: now })
    .where(and(eq(gifts.id, giftId), isNull(gifts.redeemedAt), or(isNull(gifts.mailedAt), lte(gifts.mailedAt, mailedBefore))))
    .returning({ id: gifts.id });
  return rows.length === 1;
}

/** The buyer's records of a gift: the orders the recipient's will copy. */
export async function giftOrdersOf(db: Db, purchaseId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.purchaseId, purchaseId), eq(orders.isGift, true)))
    .orderBy(asc(orders.id));
}

/** Claims an unredeemed gift for a fan, in the caller's transaction; false: redeemed already. */
export async function claimGift(tx: Executor, giftId: number, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(gifts)
    .set({ redeemedBy: userId, redeemedAt: now })
    .where(and(eq(gifts.id, giftId), isNull(gifts.redeemedAt)))
    .returning({ id: gifts.id });
  return rows.length === 1;
}

/** The recipient's own orders of what was given: paid and active (the buyer paid), nothing
 *  charged to them, a 'Gift' transaction each; the gift remembers the first. */
export async function insertRedeemedOrders(tx: Executor, giftId: number, userId: number, given: OrderRow[], now: Date): Promise<OrderRow[]> {
  const rows = await tx
    .insert(orders)
    .values(
      given.map((o) => ({
        channelId: o.channelId,
        userId,
        purchaseId: o.purchaseId,
        ...soldItem(o),
        status: 'paid' as const,
        activityStatus: 'active' as const,
        amountCents: 0,
        serviceFeeCents: 0,
        currency: o.currency,
        paidAt: now,
        accessUntil: o.accessUntil,
        trk: o.trk,
      })),
    )
    .returning();
  rows.sort((a, b) => a.id - b.id);
  await tx.insert(transactions).values(rows.map((o) => ({ orderId: o.id, status: 'paid' as const, label: 'Gift', amountCents: 0, currency: o.currency })));
  await tx.update(gifts).set({ redeemedOrderId: rows[0].id }).where(eq(gifts.id, giftId));
  return rows;
}
