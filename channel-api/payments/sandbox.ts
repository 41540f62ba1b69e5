import { and, eq, lt } from 'drizzle-orm';
import type { CheckoutCreated, CheckoutRequest, CheckoutState, PaymentEventHandler, PaymentProvider } from './provider.ts';
import { invoiceState, newEventId, setCancelAtPeriodEnd, subscriptionRow, subscriptionState } from './sandbox-billing.ts';
import { cancelWaitingPayment, chargeSavedCard, detachCard, paymentIntent, paymentState, savedCardsOf } from './sandbox-cards.ts';
import { randomId } from './sandbox-ids.ts';
import { linkToken } from './sandbox-links.ts';
import { SANDBOX_CARDS } from '../../contract/checkout.ts';
import { luhn } from '../../contract/luhn.ts';
import type { Db } from '../db/client.ts';
import { sandboxSessions } from '../db/schema.ts';
import type { Signing } from '../signing.ts';

/*
 * The sandbox payment provider (the default, no keys): a hosted test checkout on our own site
 * (pages in sandbox-pages.ts, reached through the web server at /sandbox/checkout/{id}) that
 * accepts Stripe's documented test cards with Stripe's outcomes, and keeps what Stripe would keep
 * for a Checkout Session in `sandbox_sessions`. Only this module and its pages touch that table.
 * Every address it hands out is a path on the web server's origin (ADR 029): the fan stays on the
 * host they opened the site by (localhost, 127.0.0.1, a LAN address), where their session is.
 */

export type SandboxSessionRow = typeof sandboxSessions.$inferSelect;

export const SESSION_ID = /^cs_test_[A-Za-z0-9]{24,64}$/;

export function sandboxProvider(opts: { db: Db; signing: Signing; now?: () => Date; onEvent?: PaymentEventHandler }): PaymentProvider {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  return {
    name: 'sandbox',
    async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
      const id = randomId('cs_test_', 32);
      await db.insert(sandboxSessions).values({
        id,
        channelId: request.channelId,
        purchaseId: request.purchaseId,
        mode: request.mode,
        lines: request.lines.map((l) => ({ name: l.name, amountCents: l.amountCents })),
        // A trial's line is the price after it: nothing is due today.
        amountTotalCents: request.trialDays ? 0 : request.lines.reduce((sum, l) => sum + l.amountCents, 0),
        currency: request.currency,
        customerEmail: request.customer.email,
        customerId: request.customer.userId,
        trialDays: request.trialDays ?? null,
        recurringInterval: request.lines.find((l) => l.recurring)?.recurring?.interval ?? null,
        recurringCount: request.lines.find((l) => l.recurring)?.recurring?.intervalCount ?? null,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt,
      });
      return { sessionId: id, url: `/sandbox/checkout/${id}` };
    },
    async retrieveCheckout(sessionId: string): Promise<CheckoutState | null> {
      const row = await sandboxSession(db, sessionId, now());
      return row ? stateOf(row) : null;
    },
    async expireCheckout(sessionId: string): Promise<void> {
      await db
        .update(sandboxSessions)
        .set({ status: 'expired', awaitingAuthentication: false })
        .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, 'open')));
    },
    async retrieveSubscription(subscriptionId: string) {
      const row = await subscriptionRow(db, subscriptionId);
      return row ? subscriptionState(row) : null;
    },
    retrieveInvoice: (invoiceId: string) => invoiceState(db, invoiceId),
    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      if (!(await setCancelAtPeriodEnd(db, subscriptionId, cancel))) throw new Error(`no live subscription ${subscriptionId}`);
      await opts.onEvent?.({ id: newEventId(), type: 'customer.subscription.updated', sessionId: null, subscriptionId, invoiceId: null });
    },
    async portalUrl(customer, returnPath) {
      return `/sandbox/portal/${linkToken(opts.signing, { purpose: 'portal', channelId: customer.channelId, customerId: customer.userId, returnPath }, now())}`;
    },
    listCards: (fan) => savedCardsOf(db, fan),
    async addCardUrl(fan, { returnUrl: returnPath }) {
      return {
        url: `/sandbox/add-card/${linkToken(opts.signing, { purpose: 'add-card', channelId: fan.channelId, customerId: fan.userId, returnPath }, now())}`,
      };
    },
    removeCard: (fan, id) => detachCard(db, fan, id),
    chargeCard: (request) => chargeSavedCard(db, request),
    async retrievePayment(paymentId) {
      const row = await paymentIntent(db, paymentId);
      return row ? paymentState(row) : null;
    },
    cancelPayment: (paymentId) => cancelWaitingPayment(db, paymentId),
  };
}

export const stateOf = (row: SandboxSessionRow): CheckoutState => ({
  sessionId: row.id,
  purchaseId: row.purchaseId,
  status: row.status,
  paymentStatus: row.paymentStatus,
  declineCode: row.lastError,
  subscriptionId: row.subscriptionId,
});

/** The session as it is now: an open one past its expiry time expires on reading. */
export async function sandboxSession(db: Db, id: string, now = new Date()): Promise<SandboxSessionRow | undefined> {
  if (!SESSION_ID.test(id)) return undefined;
  await db
    .update(sandboxSessions)
    .set({ status: 'expired', awaitingAuthentication: false })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open'), lt(sandboxSessions.expiresAt, now)));
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  return row;
}

/** Closes an open session with the result of a payment attempt; false when it was not open any
 *  more (a second click on Pay, an expired session). A trial's checkout is complete with nothing
 *  to pay; a subscription's names the subscription it started. */
export async function closeSession(db: Db, id: string, result: { paid: true; trial?: boolean } | { paid: false; declineCode: string }): Promise<boolean> {
  const rows = await db
    .update(sandboxSessions)
    .set(
      result.paid
        ? { status: 'complete', paymentStatus: result.trial ? 'no_payment_required' : 'paid', lastError: null, awaitingAuthentication: false }
        : { status: 'complete', paymentStatus: 'unpaid', lastError: result.declineCode, awaitingAuthentication: false },
    )
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open')))
    .returning({ id: sandboxSessions.id });
  return rows.length > 0;
}

/** Names the subscription (and card) a completed subscription-mode session started. */
export async function attachSubscription(db: Db, id: string, subscriptionId: string, cardId: string): Promise<void> {
  await db.update(sandboxSessions).set({ subscriptionId, paymentMethodId: cardId }).where(eq(sandboxSessions.id, id));
}

export async function awaitAuthentication(db: Db, id: string, cardId: string | null = null): Promise<boolean> {
  const rows = await db
    .update(sandboxSessions)
    .set({ awaitingAuthentication: true, paymentMethodId: cardId })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open')))
    .returning({ id: sandboxSessions.id });
  return rows.length > 0;
}

/* ------------------------------------------------------------------ the card form's rules (pure) */

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** What the card does, like Stripe's test cards: pay, decline (with Stripe's code), or ask the bank. */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declined'; code: 'card_declined' | 'insufficient_funds' }
  | { kind: 'authenticate' }
  /** 4000 0000 0000 0341: the card is saved, but charging it fails (now or at a renewal). */
  | { kind: 'attachesButFails' };

/** Stripe's words for a card form's mistakes (its Payment Element and Checkout say the same). */
export const CARD_MSG = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  notATestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** A valid expiry as month and four-digit year (checkCard has accepted it). */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  const year = m ? Number(m[2]) : 0;
  return { month: m ? Number(m[1]) : 12, year: year < 100 ? 2000 + year : year };
}

/** Checks the form like Stripe's does, then says what the card does; `now` decides expiry. */
export function checkCard(input: CardInput, now: Date): { errors: CardErrors } | { outcome: CardOutcome } {
  const errors: CardErrors = {};
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 12)
    errors.number = number.length > 0 && !/^\d+$/.test(number) ? CARD_MSG.numberInvalid : CARD_MSG.numberIncomplete;
  else if (number.length > 19 || !luhn(number)) errors.number = CARD_MSG.numberInvalid;
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = CARD_MSG.expiryIncomplete;
  else {
    const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) errors.expiry = CARD_MSG.expiryPast;
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = CARD_MSG.cvcIncomplete;
  if (Object.keys(errors).length > 0) return { errors };
  switch (number) {
    case SANDBOX_CARDS.success:
      return { outcome: { kind: 'succeeds' } };
    case SANDBOX_CARDS.declined:
      return { outcome: { kind: 'declined', code: 'card_declined' } };
    case SANDBOX_CARDS.insufficientFunds:
      return { outcome: { kind: 'declined', code: 'insufficient_funds' } };
    case SANDBOX_CARDS.authentication:
      return { outcome: { kind: 'authenticate' } };
    case SANDBOX_CARDS.chargeFails:
      return { outcome: { kind: 'attachesButFails' } };
    default:
      return { errors: { number: CARD_MSG.notATestCard } };
  }
}
