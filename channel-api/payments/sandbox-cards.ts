import { and, desc, eq } from 'drizzle-orm';
import type { CardOnFile, ChargeRequest, ChargeResult, CheckoutState, Fan } from './provider.ts';
import { randomId } from './sandbox-ids.ts';
import { SANDBOX_CARDS } from '../../contract/checkout.ts';
import type { Db } from '../db/client.ts';
import { sandboxCards, sandboxPaymentIntents } from '../db/schema.ts';

/*
 * The sandbox's saved cards (ADR 018): what Stripe keeps as a customer's PaymentMethods and the
 * PaymentIntents that charge them while the fan is on our site. A card is saved by a
 * subscription's checkout or by the "add a card" page (sandbox-card-pages.ts); charging one gives
 * Stripe's on-session outcomes: 4242 is paid at once, 4000 0025 0000 3155 always asks the bank
 * (its page: /sandbox/payment/{id}/authenticate), 0002 and 9995 are declined.
 */

export type PaymentIntentRow = typeof sandboxPaymentIntents.$inferSelect;

export const PAYMENT_ID = /^pi_test_[A-Za-z0-9]{24,64}$/;

/** The fan's cards, newest first; the newest is the one renewals would use (the default). */
export async function savedCardsOf(db: Db, fan: Pick<Fan, 'userId' | 'channelId'>): Promise<CardOnFile[]> {
  const rows = await db
    .select()
    .from(sandboxCards)
    .where(and(eq(sandboxCards.customerId, fan.userId), eq(sandboxCards.channelId, fan.channelId), eq(sandboxCards.detached, false)))
    .orderBy(desc(sandboxCards.createdAt), desc(sandboxCards.id));
  return rows.map((c, i) => ({ id: c.id, brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear, default: i === 0 }));
}

/** Detaches one of the fan's cards; false when it is not theirs or already detached. */
export async function detachCard(db: Db, fan: Pick<Fan, 'userId' | 'channelId'>, id: string): Promise<boolean> {
  const rows = await db
    .update(sandboxCards)
    .set({ detached: true })
    .where(and(eq(sandboxCards.id, id), eq(sandboxCards.customerId, fan.userId), eq(sandboxCards.channelId, fan.channelId), eq(sandboxCards.detached, false)))
    .returning({ id: sandboxCards.id });
  return rows.length > 0;
}

/** What charging a saved test card does with the fan on our site (Stripe's test cards on-session). */
function onSessionOutcome(number: string): { status: 'succeeded' } | { status: 'requires_action' } | { status: 'failed'; code: string } {
  switch (number) {
    case SANDBOX_CARDS.success:
      return { status: 'succeeded' };
    case SANDBOX_CARDS.authentication:
      return { status: 'requires_action' };
    case SANDBOX_CARDS.insufficientFunds:
      return { status: 'failed', code: 'insufficient_funds' };
    default:
      return { status: 'failed', code: 'card_declined' };
  }
}

/** A PaymentIntent made and confirmed at once. The same idempotency key again answers the first
 *  (the purchase id is in it, and a purchase is charged once). */
export async function chargeSavedCard(db: Db, request: ChargeRequest): Promise<ChargeResult> {
  const [existing] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.purchaseId, request.purchaseId));
  if (existing) return resultOf(existing);
  const [card] = await db
    .select()
    .from(sandboxCards)
    .where(
      and(
        eq(sandboxCards.id, request.paymentMethodId),
        eq(sandboxCards.customerId, request.fan.userId),
        eq(sandboxCards.channelId, request.fan.channelId),
        eq(sandboxCards.detached, false),
      ),
    );
  if (!card) throw new Error(`No such PaymentMethod: '${request.paymentMethodId}'`);
  const outcome = onSessionOutcome(card.number);
  const [row] = await db
    .insert(sandboxPaymentIntents)
    .values({
      id: randomId('pi_test_', 32),
      channelId: request.fan.channelId,
      purchaseId: request.purchaseId,
      cardId: card.id,
      amountCents: request.amountCents,
      currency: request.currency,
      status: outcome.status === 'failed' ? 'requires_payment_method' : outcome.status,
      lastError: outcome.status === 'failed' ? outcome.code : null,
      returnUrl: request.returnUrl,
    })
    .returning();
  return resultOf(row);
}

const resultOf = (row: PaymentIntentRow): ChargeResult => ({
  paymentId: row.id,
  status: row.status === 'succeeded' ? 'succeeded' : row.status === 'requires_action' ? 'requires_action' : 'failed',
  redirectUrl: row.status === 'requires_action' ? authenticationPath(row.id) : null,
});

/** The bank's page, a path on the web server's origin (proxied to the sandbox's pages). */
export const authenticationPath = (id: string) => `/sandbox/payment/${id}/authenticate`;

export async function paymentIntent(db: Db, id: string): Promise<PaymentIntentRow | undefined> {
  if (!PAYMENT_ID.test(id)) return undefined;
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  return row;
}

/** A PaymentIntent as fulfilment reads a checkout: succeeded is paid; declined (or failed at the
 *  bank) is complete and unpaid with its code; canceled is expired; waiting on the bank is open. */
export const paymentState = (row: PaymentIntentRow): CheckoutState => ({
  sessionId: row.id,
  purchaseId: row.purchaseId,
  status: row.status === 'requires_action' ? 'open' : row.status === 'canceled' ? 'expired' : 'complete',
  paymentStatus: row.status === 'succeeded' ? 'paid' : 'unpaid',
  declineCode: row.status === 'requires_payment_method' ? (row.lastError ?? 'card_declined') : null,
  subscriptionId: null,
});

/** The bank's answer to a payment waiting for it; false when it was not waiting any more. */
export async function answerAuthentication(db: Db, id: string, complete: boolean): Promise<boolean> {
  const rows = await db
    .update(sandboxPaymentIntents)
    .set(complete ? { status: 'succeeded', lastError: null } : { status: 'requires_payment_method', lastError: 'authentication_failed' })
    .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_action')))
    .returning({ id: sandboxPaymentIntents.id });
  return rows.length > 0;
}

export async function cancelWaitingPayment(db: Db, id: string): Promise<void> {
  await db
    .update(sandboxPaymentIntents)
    .set({ status: 'canceled' })
    .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_action')));
}
