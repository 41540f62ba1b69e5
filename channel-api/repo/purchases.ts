import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OrderRow } from './orders.ts';
import { isUniqueViolation } from './users.ts';
import type { Db, Executor } from '../db/client.ts';
import { gifts, orders, paymentEvents, purchases, transactions, type OrderType, type ProductSnapshot } from '../db/schema.ts';

/* Purchases: a fan's checkout with its orders, from open to paid or failed, and the provider's
 * events already handled. Every query about a fan's records is filtered by their user id. */

export type PurchaseRow = typeof purchases.$inferSelect;

/** A purchase that holds what it uses (services/holds.ts): open, and its checkout not expired yet. */
export const holding = (now: Date): SQL => and(eq(purchases.status, 'open'), or(isNull(purchases.expiresAt), gt(purchases.expiresAt, now)))!;

/** The sha256 of a token nobody has: a gift's placeholder until its link is made. */
const unguessableHash = () => createHash('sha256').update(randomBytes(32)).digest('base64url');

/** What an order sells: the product, and the event, category or team it is for. */
export interface SoldItem {
  type: OrderType;
  product: ProductSnapshot;
  productId: number | null;
  eventId: number | null;
  eventCategoryId: number | null;
  participantId: number | null;
}

/** The fields of an order that say what it sells (to copy into another order). */
export const soldItem = <T extends SoldItem>(o: T): Pick<T, keyof SoldItem> => ({
  type: o.type,
  product: o.product,
  productId: o.productId,
  eventId: o.eventId,
  eventCategoryId: o.eventCategoryId,
  participantId: o.participantId,
});

export interface NewOrder extends SoldItem {
  productId: number;
  amountCents: number;
  serviceFeeCents: number;
  /** The transaction's label ('Purchase', 'New subscription'). */
  label: string;
  /** Bought as a gift: the buyer's record, which never gives the buyer access. */
  isGift?: boolean;
}

/** A purchase given as a gift: to whom, with what message (ADR 019). */
export interface NewGift {
  recipientEmail: string;
  message: string;
}

export interface NewPurchase {
  channelId: number;
  userId: number;
  productKey: string;
  provider: 'sandbox' | 'stripe';
  idempotencyKey: string;
  amountCents: number;
  serviceFeeCents: number;
  currency: string;
  period: string | null;
  /** The promotion code applied, and what it took off. */
  couponId?: number | null;
  discountCents?: number;
  trialDays?: number | null;
  /** Paid with this saved card rather than on a checkout page. */
  paymentMethodId?: string | null;
  /** When its checkout expires (and with it what it holds). */
  expiresAt: Date;
  /** The outer tracking code the fan came with: kept on each of its orders (ADR 049). */
  trk?: string | null;
}

/** A purchase with its orders (status created, inactive) and one created transaction each, in one
 *  transaction, after `hold` (services/holds.ts) took what it holds or threw. Undefined when the
 *  user already used this idempotency key (a concurrent double submit: the caller answers with
 *  the first one). */
export async function insertPurchase(
  db: Db,
  purchase: NewPurchase,
  items: NewOrder[],
  gift: NewGift | null = null,
  hold: (tx: Executor) => Promise<void> = async () => undefined,
): Promise<{ purchase: PurchaseRow; orders: OrderRow[] } | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await hold(tx);
      const { trk, ...row } = purchase;
      const [p] = await tx.insert(purchases).values(row).returning();
      const rows = await tx
        .insert(orders)
        .values(
          items.map((o) => ({
            channelId: purchase.channelId,
            userId: purchase.userId,
            purchaseId: p.id,
            ...soldItem(o),
            amountCents: o.amountCents,
            serviceFeeCents: o.serviceFeeCents,
            currency: purchase.currency,
            isGift: o.isGift ?? false,
            trk: trk ?? null,
          })),
        )
        .returning();
      await tx
        .insert(transactions)
        .values(rows.map((o, i) => ({ orderId: o.id, status: 'created' as const, label: items[i].label, amountCents: o.amountCents, currency: o.currency })));
      if (gift) {
        // The redeem link's token is made when the purchase is paid and mailed (services/gifts.ts);
        // until then the row holds the hash of a token nobody has.
        await tx.insert(gifts).values({
          channelId: purchase.channelId,
          purchaseId: p.id,
          buyerId: purchase.userId,
          recipientEmail: gift.recipientEmail,
          message: gift.message,
          tokenHash: unguessableHash(),
        });
      }
      return { purchase: p, orders: rows.sort((a, b) => a.id - b.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function purchaseByKey(db: Db, userId: number, idempotencyKey: string): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.idempotencyKey, idempotencyKey)));
  return row;
}

export async function purchaseById(db: Executor, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

export async function purchaseBySession(db: Db, sessionId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.sessionId, sessionId));
  return row;
}

/** The user's purchases still waiting for payment (a new attempt may end some: services/holds.ts). */
export async function openPurchasesOf(db: Db, userId: number): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'open')));
}

/** Whether a checkout of the fan's not yet paid, and not expired, holds their free trial. */
export async function trialHeld(db: Executor, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), isNotNull(purchases.trialDays), holding(now)))
    .limit(1);
  return row !== undefined;
}

export async function firstOrderOf(db: Db, purchaseId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.purchaseId, purchaseId)).orderBy(asc(orders.id)).limit(1);
  return row;
}

/** Stores the checkout of a purchase still open; false when it was settled meanwhile (a newer
 *  attempt at the same product, sent from another tab at the same moment, ended it). */
export async function setPurchaseSession(db: Db, id: number, sessionId: string, redirectUrl: string): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ sessionId, redirectUrl, updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'open')))
    .returning({ id: purchases.id });
  return rows.length > 0;
}

export type Outcome =
  | {
      status: 'paid';
      accessUntil: (order: OrderRow) => Date | null;
      /** The subscription a subscription-mode checkout started: it renews the order. */
      subscription?: { id: string; trialEndsAt: Date | null };
    }
  | { status: 'failed'; reason: string };

/**
 * Moves an open purchase to paid or failed, with its orders and their created transactions, in
 * the caller's transaction. Only forward (PAYMENTS.md section 5): a purchase that is no longer
 * open is left as it is, and false says nothing changed.
 */
export async function settlePurchase(tx: Executor, purchaseId: number, outcome: Outcome, now = new Date()): Promise<boolean> {
  const moved = await tx
    .update(purchases)
    .set(outcome.status === 'paid' ? { status: 'paid', updatedAt: now } : { status: 'failed', failureReason: outcome.reason, updatedAt: now })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'open')))
    .returning({ id: purchases.id });
  if (moved.length === 0) return false;
  const rows = await tx.select().from(orders).where(eq(orders.purchaseId, purchaseId));
  for (const o of rows) {
    await tx
      .update(orders)
      .set(
        outcome.status === 'paid'
          ? {
              status: 'paid',
              // A gift's buyer has a paid record of it, never an active pass (ADR 019).
              activityStatus: o.isGift ? 'inactive' : 'active',
              paidAt: now,
              accessUntil: outcome.accessUntil(o),
              updatedAt: now,
              ...(o.type === 'subscription' && outcome.subscription
                ? { providerSubscriptionId: outcome.subscription.id, autoRenew: true, trialEndsAt: outcome.subscription.trialEndsAt }
                : {}),
            }
          : { status: 'failed', failureReason: outcome.reason, updatedAt: now },
      )
      .where(and(eq(orders.id, o.id), eq(orders.status, 'created')));
  }
  const ids = rows.map((o) => o.id);
  if (ids.length > 0) {
    await tx
      .update(transactions)
      .set({ status: outcome.status })
      .where(and(inArray(transactions.orderId, ids), eq(transactions.status, 'created')));
  }
  return true;
}

/** Records a provider event as handled, in the caller's transaction; false: it was handled before. */
export async function recordPaymentEvent(tx: Executor, id: string, type: string): Promise<boolean> {
  const rows = await tx.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function paymentEventSeen(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return row !== undefined;
}
