import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { InvoiceState, PaymentEventHandler, SubscriptionState } from './provider.ts';
import { randomId } from './sandbox-ids.ts';
import { SANDBOX_CARDS } from '../../contract/checkout.ts';
import type { Db } from '../db/client.ts';
import { sandboxCards, sandboxClocks, sandboxInvoices, sandboxSessions, sandboxSubscriptions } from '../db/schema.ts';

/*
 * The sandbox's billing: what Stripe Billing does for our subscriptions, on a test clock per fan.
 * A subscription-mode checkout saves the fan's card and starts a subscription (trialing, or active
 * with its first invoice paid at checkout). Moving a fan's clock forward does what the passing
 * time would: three days before a trial ends it says so; at the end of each period it charges the
 * saved card (an invoice); a failed charge makes the subscription past due and is retried every
 * 2 days, three times, then the subscription ends; one set to cancel at the period's end ends
 * then. Each step is reported as the event Stripe sends, to the same fulfilment path.
 */

export type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
type SandboxSessionRow = typeof sandboxSessions.$inferSelect;
type InvoiceRow = typeof sandboxInvoices.$inferSelect;

const DAY_MS = 86_400_000;
/** Stripe says a trial will end three days before it does. */
const TRIAL_WILL_END_MS = 3 * DAY_MS;
/** Smart Retries, simplified: a failed renewal is tried again every 2 days, three more times. */
const RETRY_EVERY_MS = 2 * DAY_MS;
const MAX_ATTEMPTS = 4;

export const newEventId = () => randomId('evt_sbx_', 26);

/** The fan's time on their test clock. */
export async function clockNow(db: Db, customerId: number, real = new Date()): Promise<Date> {
  const [row] = await db.select().from(sandboxClocks).where(eq(sandboxClocks.customerId, customerId));
  return new Date(real.getTime() + (row?.offsetMs ?? 0));
}

/** The end of a billing interval that starts at `from` (Stripe counts months and years on the calendar). */
export function addInterval(from: Date, interval: 'day' | 'month' | 'year', count: number): Date {
  const end = new Date(from);
  if (interval === 'day') return new Date(from.getTime() + count * DAY_MS);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + count);
  else end.setUTCFullYear(end.getUTCFullYear() + count);
  // 31 January + 1 month, 29 February + 1 year: the last day of the shorter month.
  if (end.getUTCDate() !== from.getUTCDate()) end.setUTCDate(0);
  return end;
}

/** What charging a saved test card does off-session (Stripe's test cards): 4000 0025 0000 3155
 *  asks for authentication only when it was not set up for later payments, which ours were. */
export function chargeOutcome(cardNumber: string): { paid: true } | { paid: false; declineCode: string } {
  switch (cardNumber) {
    case SANDBOX_CARDS.success:
    case SANDBOX_CARDS.authentication:
      return { paid: true };
    case SANDBOX_CARDS.insufficientFunds:
      return { paid: false, declineCode: 'insufficient_funds' };
    default:
      return { paid: false, declineCode: 'card_declined' };
  }
}

/** The card a fan typed on the checkout, kept for later charges. */
export async function saveCard(
  db: Db,
  s: { channelId: number; customerId: number },
  cardNumber: string,
  expiry: { month: number; year: number },
): Promise<string> {
  const id = randomId('pm_sbx_', 26);
  await db.insert(sandboxCards).values({
    id,
    channelId: s.channelId,
    customerId: s.customerId,
    brand: cardNumber.startsWith('5') ? 'mastercard' : 'visa',
    last4: cardNumber.slice(-4),
    expMonth: expiry.month,
    expYear: expiry.year,
    number: cardNumber,
  });
  return id;
}

/** Starts the subscription of a completed subscription-mode checkout: trialing with a trial, else
 *  active with its first invoice paid at checkout. */
export async function startSubscription(db: Db, session: SandboxSessionRow, cardId: string): Promise<string> {
  const customerId = session.customerId!;
  const now = await clockNow(db, customerId);
  const interval = session.recurringInterval ?? 'day';
  const count = session.recurringCount ?? 30;
  const recurring = session.lines.find((l) => l.name !== 'Service fee') ?? session.lines[0];
  const id = randomId('sub_sbx_', 26);
  const trialEnd = session.trialDays ? new Date(now.getTime() + session.trialDays * DAY_MS) : null;
  const periodEnd = trialEnd ?? addInterval(now, interval, count);
  await db.insert(sandboxSubscriptions).values({
    id,
    channelId: session.channelId,
    customerId,
    sessionId: session.id,
    cardId,
    amountCents: recurring.amountCents,
    currency: session.currency,
    interval,
    intervalCount: count,
    status: trialEnd ? 'trialing' : 'active',
    trialEnd,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    createdAt: now,
  });
  if (!trialEnd) {
    await db.insert(sandboxInvoices).values({
      id: randomId('in_sbx_', 26),
      subscriptionId: id,
      amountCents: session.amountTotalCents,
      status: 'paid',
      billingReason: 'subscription_create',
      periodStart: now,
      periodEnd,
      attempts: 1,
      createdAt: now,
    });
  }
  return id;
}

export async function subscriptionRow(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  return row;
}

export const subscriptionState = (s: SubscriptionRow): SubscriptionState => ({
  id: s.id,
  status: s.status,
  currentPeriodEnd: s.currentPeriodEnd,
  trialEnd: s.trialEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  amountCents: s.amountCents,
  endedReason: s.endedReason === 'cancellation_requested' || s.endedReason === 'payment_failed' ? s.endedReason : null,
});

export async function invoiceState(db: Db, id: string): Promise<InvoiceState | null> {
  const [row] = await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, id));
  return row ? { id: row.id, subscriptionId: row.subscriptionId, status: row.status, amountCents: row.amountCents, billingReason: row.billingReason } : null;
}

/** The fan's subscriptions, newest first (the customer portal). */
export async function subscriptionsOf(db: Db, customerId: number): Promise<SubscriptionRow[]> {
  return db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerId, customerId)).orderBy(desc(sandboxSubscriptions.createdAt));
}

/** Sets or clears cancel-at-period-end of a live subscription; false when there is none to change. */
export async function setCancelAtPeriodEnd(db: Db, id: string, cancel: boolean): Promise<boolean> {
  const rows = await db
    .update(sandboxSubscriptions)
    .set({ cancelAtPeriodEnd: cancel })
    .where(and(eq(sandboxSubscriptions.id, id), ne(sandboxSubscriptions.status, 'canceled')))
    .returning({ id: sandboxSubscriptions.id });
  return rows.length > 0;
}

type Emit = (type: string, ids: { subscriptionId: string; invoiceId?: string }) => Promise<void>;

/**
 * Moves the fan's test clock forward by `ms` and does, in order, what that time brings to each of
 * their subscriptions, reporting every step. Returns the clock's new time.
 */
export async function advanceClock(db: Db, customerId: number, ms: number, onEvent: PaymentEventHandler): Promise<Date> {
  const [clock] = await db
    .insert(sandboxClocks)
    .values({ customerId, offsetMs: ms })
    .onConflictDoUpdate({ target: sandboxClocks.customerId, set: { offsetMs: (await clockOffset(db, customerId)) + ms } })
    .returning();
  const now = new Date(Date.now() + clock.offsetMs);
  const emit: Emit = (type, ids) =>
    onEvent({ id: newEventId(), type, sessionId: null, subscriptionId: ids.subscriptionId, invoiceId: ids.invoiceId ?? null }).then(() => undefined);
  const subs = await db
    .select()
    .from(sandboxSubscriptions)
    .where(and(eq(sandboxSubscriptions.customerId, customerId), ne(sandboxSubscriptions.status, 'canceled')))
    .orderBy(asc(sandboxSubscriptions.createdAt));
  for (const sub of subs) await runUntil(db, sub, now, emit);
  return now;
}

async function clockOffset(db: Db, customerId: number): Promise<number> {
  const [row] = await db.select().from(sandboxClocks).where(eq(sandboxClocks.customerId, customerId));
  return row?.offsetMs ?? 0;
}

async function cardNumberOf(db: Db, cardId: string): Promise<string> {
  const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, cardId));
  return card?.number ?? '';
}

async function update(db: Db, id: string, changes: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
  const [row] = await db.update(sandboxSubscriptions).set(changes).where(eq(sandboxSubscriptions.id, id)).returning();
  return row;
}

async function openInvoice(db: Db, subscriptionId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxInvoices)
    .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'open')))
    .orderBy(desc(sandboxInvoices.createdAt))
    .limit(1);
  return row;
}

/** One subscription, from where it is up to `now`. */
async function runUntil(db: Db, start: SubscriptionRow, now: Date, emit: Emit): Promise<void> {
  let sub = start;
  // Bounded: a decade of daily periods is far more than any test or operator asks for.
  for (let step = 0; step < 4000 && sub.status !== 'canceled'; step++) {
    if (sub.status === 'trialing' && sub.trialEnd && !sub.trialWillEndSent && now.getTime() >= sub.trialEnd.getTime() - TRIAL_WILL_END_MS) {
      sub = await update(db, sub.id, { trialWillEndSent: true });
      await emit('customer.subscription.trial_will_end', { subscriptionId: sub.id });
      continue;
    }
    if (sub.status === 'past_due') {
      const invoice = await openInvoice(db, sub.id);
      if (!invoice) break;
      const retryAt = invoice.periodStart.getTime() + invoice.attempts * RETRY_EVERY_MS;
      if (now.getTime() < retryAt) break;
      sub = await charge(db, sub, invoice, emit);
      continue;
    }
    if (now.getTime() < sub.currentPeriodEnd.getTime()) break;
    if (sub.cancelAtPeriodEnd) {
      sub = await update(db, sub.id, { status: 'canceled', endedReason: 'cancellation_requested' });
      await emit('customer.subscription.deleted', { subscriptionId: sub.id });
      break;
    }
    // The period is over: the next one is invoiced and the saved card charged.
    const periodStart = sub.currentPeriodEnd;
    const [invoice] = await db
      .insert(sandboxInvoices)
      .values({
        id: randomId('in_sbx_', 26),
        subscriptionId: sub.id,
        amountCents: sub.amountCents,
        status: 'open',
        billingReason: 'subscription_cycle',
        periodStart,
        periodEnd: addInterval(periodStart, sub.interval, sub.intervalCount),
        createdAt: periodStart,
      })
      .returning();
    sub = await charge(db, sub, invoice, emit);
  }
}

/** One attempt at an open invoice: paid, the subscription moves to its next period; failed, it is
 *  past due, and after the last attempt it ends. */
async function charge(db: Db, sub: SubscriptionRow, invoice: InvoiceRow, emit: Emit): Promise<SubscriptionRow> {
  const result = chargeOutcome(await cardNumberOf(db, sub.cardId));
  const attempts = invoice.attempts + 1;
  if (result.paid) {
    await db.update(sandboxInvoices).set({ status: 'paid', attempts, lastError: null }).where(eq(sandboxInvoices.id, invoice.id));
    const next = await update(db, sub.id, {
      status: 'active',
      currentPeriodStart: invoice.periodStart,
      currentPeriodEnd: invoice.periodEnd,
      failedAttempts: 0,
    });
    await emit('invoice.paid', { subscriptionId: sub.id, invoiceId: invoice.id });
    return next;
  }
  const last = attempts >= MAX_ATTEMPTS;
  await db
    .update(sandboxInvoices)
    .set({ status: last ? 'uncollectible' : 'open', attempts, lastError: result.declineCode })
    .where(eq(sandboxInvoices.id, invoice.id));
  const next = await update(
    db,
    sub.id,
    last ? { status: 'canceled', endedReason: 'payment_failed', failedAttempts: attempts } : { status: 'past_due', failedAttempts: attempts },
  );
  await emit('invoice.payment_failed', { subscriptionId: sub.id, invoiceId: invoice.id });
  if (last) await emit('customer.subscription.deleted', { subscriptionId: sub.id });
  return next;
}

/** The fan's saved cards (the customer portal). */
export async function cardsOf(db: Db, customerId: number) {
  return db
    .select({ id: sandboxCards.id, brand: sandboxCards.brand, last4: sandboxCards.last4, expMonth: sandboxCards.expMonth, expYear: sandboxCards.expYear })
    .from(sandboxCards)
    .where(and(eq(sandboxCards.customerId, customerId), eq(sandboxCards.detached, false)))
    .orderBy(asc(sandboxCards.createdAt));
}

/** What each subscription's checkout sold (its first line), by session id. */
export async function sessionNames(db: Db, sessionIds: string[]): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db.select({ id: sandboxSessions.id, lines: sandboxSessions.lines }).from(sandboxSessions).where(inArray(sandboxSessions.id, sessionIds));
  return new Map(rows.map((r) => [r.id, r.lines.find((l) => l.name !== 'Service fee')?.name ?? 'Subscription']));
}
