import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityStatus, Order } from '../../contract/orders.ts';
import type { Entitlement } from '../access.ts';
import { isUniqueViolation } from './users.ts';
import type { Db, Executor } from '../db/client.ts';
import { gifts, orders, paymentEvents, purchases, subscriptions, transactions, users, type OrderType, type ProductSnapshot } from '../db/schema.ts';
import { fromCents } from '../money.ts';

/* Purchases, their orders and transactions, and what paid orders give. Every query about a fan's
 * records is filtered by their user id: there is no way to name another fan's rows. */

export type PurchaseRow = typeof purchases.$inferSelect;

/** A purchase that holds what it uses (services/holds.ts): open, and its checkout not expired yet. */
export const holding = (now: Date): SQL => and(eq(purchases.status, 'open'), or(isNull(purchases.expiresAt), gt(purchases.expiresAt, now)))!;

/** The sha256 of a token nobody has: a gift's placeholder until its link is made. */
const unguessableHash = () => createHash('sha256').update(randomBytes(32)).digest('base64url');
export type OrderRow = typeof orders.$inferSelect;

/** The paid, active orders of a user whose access has not run out, as access.ts reads them. */
export async function entitlementsOf(db: Db, userId: number, now = new Date()): Promise<Entitlement[]> {
  const rows = await db
    .select({ o: orders, categories: subscriptions.eventCategories })
    .from(orders)
    .leftJoin(subscriptions, and(eq(orders.type, 'subscription'), eq(subscriptions.id, orders.productId)))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        eq(orders.activityStatus, 'active'),
        // A gift's buyer keeps a record of it, never access (ADR 019).
        eq(orders.isGift, false),
        or(isNull(orders.accessUntil), gt(orders.accessUntil, now)),
      ),
    );
  return rows.map(({ o, categories }) => ({
    type: o.type,
    productId: o.productId,
    eventId: o.eventId,
    eventCategoryId: o.eventCategoryId,
    participantId: o.participantId,
    categories: categories ?? [],
  }));
}

/** What the user owns of one package: the categories and teams of its paid, active orders. */
export async function ownedChoices(db: Db, userId: number, packageId: number): Promise<{ categories: number[]; participants: number[] }> {
  const rows = await db
    .select({ category: orders.eventCategoryId, participant: orders.participantId })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.type, 'package'),
        eq(orders.productId, packageId),
        eq(orders.status, 'paid'),
        eq(orders.activityStatus, 'active'),
        eq(orders.isGift, false),
      ),
    );
  return {
    categories: rows.flatMap((r) => (r.category === null ? [] : [r.category])),
    participants: rows.flatMap((r) => (r.participant === null ? [] : [r.participant])),
  };
}

/* ------------------------------------------------------------------ purchases */

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
      const [p] = await tx.insert(purchases).values(purchase).returning();
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

/* ------------------------------------------------------------------ orders as the contract says */

type TransactionRow = typeof transactions.$inferSelect;

type GiftRow = typeof gifts.$inferSelect;

function orderOut(r: OrderRow, txs: TransactionRow[], given: Map<number, GiftRow> = new Map()): Order {
  const gift = r.isGift && r.purchaseId !== null ? given.get(r.purchaseId) : undefined;
  return {
    id: r.id,
    status: r.status,
    activity_status: r.activityStatus,
    type: r.type,
    product: {
      id: r.product.id,
      name: r.product.name,
      event_id: r.product.event_id ?? r.eventId ?? null,
      event_category_id: r.product.event_category_id,
      participant_id: r.product.participant_id,
    },
    amount: fromCents(r.amountCents),
    service_fee: fromCents(r.serviceFeeCents),
    currency: r.currency,
    created_at: r.createdAt.toISOString(),
    paid_at: r.paidAt?.toISOString() ?? null,
    access_until: r.accessUntil?.toISOString() ?? null,
    failure_reason: r.failureReason,
    purchase_id: r.purchaseId,
    auto_renew: r.autoRenew,
    trial_ends_at: r.trialEndsAt?.toISOString() ?? null,
    transactions: txs
      .filter((t) => t.orderId === r.id)
      .map((t) => ({
        id: t.id,
        status: t.status,
        label: t.label,
        amount: fromCents(t.amountCents),
        currency: t.currency,
        created_at: t.createdAt.toISOString(),
      })),
    gift: gift ? { recipient_email: gift.recipientEmail, redeemed_at: gift.redeemedAt?.toISOString() ?? null } : null,
  };
}

/** The gifts of the buyer's gift orders, by purchase. */
async function giftsOf(db: Db, rows: OrderRow[]): Promise<Map<number, GiftRow>> {
  const ids = [...new Set(rows.flatMap((r) => (r.isGift && r.purchaseId !== null ? [r.purchaseId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db.select().from(gifts).where(inArray(gifts.purchaseId, ids));
  return new Map(found.map((g) => [g.purchaseId, g]));
}

async function transactionsOf(db: Db, orderIds: number[]): Promise<TransactionRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(transactions).where(inArray(transactions.orderId, orderIds)).orderBy(asc(transactions.createdAt), asc(transactions.id));
}

export async function ordersOf(
  db: Db,
  userId: number,
  q: { limit?: number; offset: number; activityStatus?: ActivityStatus },
): Promise<{ data: Order[]; meta: { total: number; offset: number; limit: number } }> {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (q.activityStatus) conditions.push(eq(orders.activityStatus, q.activityStatus));
  const where = and(...conditions);
  const base = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic().offset(q.offset);
  const [rows, [{ total }]] = await Promise.all([q.limit ? base.limit(q.limit) : base, db.select({ total: count() }).from(orders).where(where)]);
  const txs = await transactionsOf(
    db,
    rows.map((r) => r.id),
  );
  const given = await giftsOf(db, rows);
  return { data: rows.map((r) => orderOut(r, txs, given)), meta: { total: Number(total), offset: q.offset, limit: q.limit ?? Number(total) } };
}

/** One of the user's orders; undefined for an unknown id or another fan's order. */
export async function orderOfUser(db: Db, userId: number, orderId: number): Promise<{ row: OrderRow; out: Order } | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) return undefined;
  return { row, out: orderOut(row, await transactionsOf(db, [row.id]), await giftsOf(db, [row])) };
}

/** The orders of a purchase, for its receipt. */
export async function ordersOfPurchase(db: Db, purchaseId: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.purchaseId, purchaseId)).orderBy(asc(orders.id));
}

/* ------------------------------------------------------------------ subscriptions */

/** The order a provider's subscription renews (one per subscription). */
export async function orderBySubscription(db: Executor, subscriptionId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.providerSubscriptionId, subscriptionId)).limit(1);
  return row;
}

/** Mirrors the provider's subscription onto its order (PAYMENTS.md section 3). */
export async function syncSubscriptionOrder(
  tx: Executor,
  orderId: number,
  changes: { activityStatus: ActivityStatus; autoRenew: boolean; accessUntil: Date; trialEndsAt: Date | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')));
}

/** A renewal's charge, or its failure, on the order's transactions. */
export async function addTransaction(
  tx: Executor,
  t: { orderId: number; status: 'paid' | 'failed'; label: string; amountCents: number; currency: string },
): Promise<void> {
  await tx.insert(transactions).values(t);
}

/** Whether the order has been charged money yet (a trial's first charge is its 'New subscription'). */
export async function hasPaidCharge(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.status, 'paid'), gt(transactions.amountCents, 0)))
    .limit(1);
  return row !== undefined;
}

/** The fan has had their free trial (spec: trial available only while trial_period_used is false). */
export async function markTrialUsed(tx: Executor, userId: number): Promise<void> {
  await tx.update(users).set({ trialPeriodUsed: true, updatedAt: new Date() }).where(eq(users.id, userId));
}
