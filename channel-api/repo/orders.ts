import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { ActivityStatus, Order } from '../../contract/orders.ts';
import type { Entitlement } from '../access.ts';
import type { Db, Executor } from '../db/client.ts';
import { gifts, orders, packages, subscriptions, transactions, users } from '../db/schema.ts';

/* Orders and their transactions: what a fan's paid orders give (access.ts reads them), the orders
 * as the contract says, and the order a subscription renews. Every query about a fan's records is
 * filtered by their user id: there is no way to name another fan's rows. */

export type OrderRow = typeof orders.$inferSelect;

/** The paid, active orders of a user whose access has not run out, as access.ts reads them, each
 *  with what its product grants (a product no longer in the catalogue grants nothing). */
export async function entitlementsOf(db: Db, userId: number, now = new Date()): Promise<Entitlement[]> {
  const rows = await db
    .select({ o: orders, categories: subscriptions.eventCategories, subCapabilities: subscriptions.capabilities, passCapabilities: packages.capabilities })
    .from(orders)
    .leftJoin(subscriptions, and(eq(orders.type, 'subscription'), eq(subscriptions.id, orders.productId)))
    // A single game's order names its single-event package, a pass's its package.
    .leftJoin(packages, and(inArray(orders.type, ['event', 'package']), eq(packages.id, orders.productId)))
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
  return rows.map(({ o, categories, subCapabilities, passCapabilities }) => ({
    type: o.type,
    productId: o.productId,
    eventId: o.eventId,
    eventCategoryId: o.eventCategoryId,
    participantId: o.participantId,
    categories: categories ?? [],
    capabilities: (o.type === 'subscription' ? subCapabilities : passCapabilities) ?? [],
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
    amount: r.amountCents,
    service_fee: r.serviceFeeCents,
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
        amount: t.amountCents,
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
