import { DECLINE_MSG } from '../../contract/checkout.ts';
import { ORDER_MSG, type Order } from '../../contract/orders.ts';
import type { Executor } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { accessUntil } from './billing.ts';
import { mailGift } from './gifts.ts';
import { handleSubscriptionEvent, SUBSCRIPTION_EVENTS } from './renewals.ts';
import { notFound } from '../http/errors.ts';
import { accountLocale } from '../mail/account-locale.ts';
import { deliver } from '../mail/index.ts';
import { isPaymentId, type CheckoutState, type PaymentEvent, type SubscriptionState } from '../payments/provider.ts';
import { channelById } from '../repo/channels.ts';
import { timeZoneOf } from '../repo/content.ts';
import { countRedemption } from '../repo/coupons.ts';
import { orderOfUser, ordersOfPurchase, markTrialUsed } from '../repo/orders.ts';
import { paymentEventSeen, purchaseById, purchaseBySession, recordPaymentEvent, settlePurchase, type Outcome, type PurchaseRow } from '../repo/purchases.ts';
import { userById, type UserRow } from '../repo/users.ts';
import { webPaths, webUrl } from '../web-links.ts';

/*
 * Fulfilment: the one path from "the provider says something happened" to the fan's orders
 * (PAYMENTS.md sections 3 and 5). Events are handled once each (their id is stored in the same
 * transaction as the change), may arrive in any order or not at all, and are never trusted for
 * what they say: the checkout is read again from the provider, and the purchase only moves
 * forward (open → paid | failed). The same step runs when a fan's order page asks about an order
 * still waiting (a late or lost webhook), and when a fan who closed the tab comes back: nothing
 * depends on the browser returning.
 */

export type Settlement = { status: 'paid' } | { status: 'failed'; reason: string };

/** What a checkout's current state means for its purchase; null: nothing to decide yet. */
export function outcomeOf(state: CheckoutState): Settlement | null {
  if (state.status === 'complete' && (state.paymentStatus === 'paid' || state.paymentStatus === 'no_payment_required')) return { status: 'paid' };
  if (state.status === 'expired') return { status: 'failed', reason: DECLINE_MSG.expired };
  if (state.status === 'complete' && state.declineCode) return { status: 'failed', reason: declineMessage(state.declineCode) };
  return null;
}

export function declineMessage(code: string): string {
  return (DECLINE_MSG as Record<string, string>)[code] ?? DECLINE_MSG.card_declined;
}

/** Events about a Checkout Session, or about a payment on a saved card (a PaymentIntent, ADR 018);
 *  subscriptions' have their own path (renewals.ts); everything else is acknowledged and left alone. */
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);
const PAYMENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/** A purchase's checkout, or its payment on a saved card, as the provider has it now. */
export function readCheckout(deps: Deps, id: string): Promise<CheckoutState | null> {
  return isPaymentId(id) ? deps.payments.retrievePayment(id) : deps.payments.retrieveCheckout(id);
}

export type Handled = 'settled' | 'unchanged' | 'duplicate' | 'ignored';

export async function handlePaymentEvent(deps: Deps, event: PaymentEvent): Promise<Handled> {
  if (await paymentEventSeen(deps.db, event.id)) return 'duplicate';
  if (SUBSCRIPTION_EVENTS.has(event.type) && event.subscriptionId) return handleSubscriptionEvent(deps, event);
  const about = CHECKOUT_EVENTS.has(event.type) ? event.sessionId : PAYMENT_EVENTS.has(event.type) ? event.paymentId : null;
  if (!about) {
    await deps.db.transaction((tx) => recordPaymentEvent(tx, event.id, event.type));
    return 'ignored';
  }
  // Read again from the provider, outside any transaction (network I/O).
  const state = await readCheckout(deps, about);
  const purchase = state && (await purchaseFor(deps, state));
  const outcome = state && outcomeOf(state);
  const subscription = state?.subscriptionId && outcome?.status === 'paid' ? await deps.payments.retrieveSubscription(state.subscriptionId) : null;
  const result = await deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, event.type))) return 'duplicate' as const;
    if (!purchase || !outcome) return 'unchanged' as const;
    return (await settle(tx, purchase, outcome, subscription)) ? ('settled' as const) : ('unchanged' as const);
  });
  if (result === 'settled' && purchase && outcome?.status === 'paid') await sendReceipt(deps, purchase.id);
  return result;
}

/** A fan's order as its page shows it. One still waiting for its payment is settled first with
 *  the provider's answer (a late or lost webhook, a closed tab); another fan's order is not found. */
export async function orderForPage(deps: Deps, user: Pick<UserRow, 'id'>, orderId: number): Promise<Order> {
  const found = await orderOfUser(deps.db, user.id, orderId);
  if (!found) throw notFound(ORDER_MSG.orderNotFound);
  if (found.row.status !== 'created' || found.row.purchaseId === null) return found.out;
  const purchase = await purchaseById(deps.db, found.row.purchaseId);
  if (purchase) await reconcile(deps, purchase);
  return (await orderOfUser(deps.db, user.id, orderId))!.out;
}

/** An order page asking about a purchase still open: the provider's answer settles it now. */
export async function reconcile(deps: Deps, purchase: PurchaseRow): Promise<void> {
  if (purchase.status !== 'open' || !purchase.sessionId) return;
  let state: CheckoutState | null;
  try {
    state = await readCheckout(deps, purchase.sessionId);
  } catch (error) {
    // The provider cannot be asked right now: the page shows the order as it is (processing) and
    // asks again on its next poll, instead of failing the fan's order page with a 500.
    deps.log(`channel-api: could not read checkout ${purchase.sessionId} from ${deps.payments.name}: ${(error as Error).message}`);
    return;
  }
  const outcome = state && outcomeOf(state);
  if (!outcome) return;
  const subscription =
    state?.subscriptionId && outcome.status === 'paid' ? await deps.payments.retrieveSubscription(state.subscriptionId).catch(() => null) : null;
  const moved = await deps.db.transaction((tx) => settle(tx, purchase, outcome, subscription));
  if (moved && outcome.status === 'paid') await sendReceipt(deps, purchase.id);
}

/** Settles a purchase in the caller's transaction. A paid subscription checkout links its order to
 *  the subscription (renewals, access until the period's end) and a trial spends the fan's trial;
 *  a paid purchase counts a use of its promotion code here too, so a code is used once per paid
 *  purchase, whatever settles it. */
async function settle(tx: Executor, purchase: PurchaseRow, outcome: Settlement, subscription: SubscriptionState | null = null): Promise<boolean> {
  const moved =
    outcome.status === 'failed' || !subscription
      ? await settlePurchase(tx, purchase.id, toOutcome(purchase, outcome))
      : await settlePurchase(tx, purchase.id, {
          status: 'paid',
          accessUntil: (order) => (order.type === 'subscription' ? subscription.currentPeriodEnd : null),
          subscription: { id: subscription.id, trialEndsAt: subscription.trialEnd },
        });
  if (!moved || outcome.status !== 'paid') return moved;
  if (subscription && purchase.trialDays && purchase.userId) await markTrialUsed(tx, purchase.userId);
  if (purchase.couponId !== null) await countRedemption(tx, purchase.couponId);
  return moved;
}

/** Settles a purchase outside of any event (a replaced or abandoned checkout, a provider that
 *  could not start one, a reconciliation), mailing the receipt when it was paid. */
export async function settleAndNotify(deps: Deps, purchaseId: number, outcome: Settlement): Promise<boolean> {
  const purchase = await purchaseById(deps.db, purchaseId);
  if (!purchase) return false;
  const moved = await deps.db.transaction((tx) => settle(tx, purchase, outcome));
  if (moved && outcome.status === 'paid') await sendReceipt(deps, purchaseId);
  return moved;
}

function toOutcome(purchase: PurchaseRow, s: Settlement): Outcome {
  if (s.status === 'failed') return s;
  const now = new Date();
  return { status: 'paid', accessUntil: (order) => accessUntil(order, purchase.period, now) };
}

/** The purchase of a checkout, by its session id only. The session's own purchase id
 *  (client_reference_id) is no proof: Stripe sends the events of every session of an account to
 *  every endpoint, and another database on the same account (staging beside production, a reset
 *  database, another channel) counts its purchases from 1 like ours, so its paid session would
 *  pay our purchase of the same number. Our session id is stored before the fan can reach the
 *  checkout, so no event about it can come first. */
function purchaseFor(deps: Deps, state: CheckoutState): Promise<PurchaseRow | undefined> {
  return purchaseBySession(deps.db, state.sessionId);
}

/** One receipt per purchase, after the change is committed (a failed delivery does not undo it);
 *  a gift's recipient is mailed their redeem link then too. */
async function sendReceipt(deps: Deps, purchaseId: number): Promise<void> {
  await sendBuyerReceipt(deps, purchaseId);
  await mailGift(deps, purchaseId);
}

async function sendBuyerReceipt(deps: Deps, purchaseId: number): Promise<void> {
  const purchase = await purchaseById(deps.db, purchaseId);
  const user = purchase?.userId ? await userById(deps.db, purchase.userId) : undefined;
  if (!purchase || !user) return;
  const orders = await ordersOfPurchase(deps.db, purchaseId);
  const first = orders[0];
  if (!first) return;
  const channel = await channelById(deps.db, purchase.channelId);
  await deliver(deps.mailer, deps.log, 'receipt', user.email, {
    channelName: channel?.name ?? 'Fieldhouse',
    firstName: user.firstName || undefined,
    // Sent when the provider's event comes, outside the fan's request: their account's language.
    locale: accountLocale(channel, user),
    link: webUrl(deps.publicUrl, webPaths.order(first.id)),
    receipt: {
      number: `FH-${purchase.id}`,
      paidAt: (first.paidAt ?? new Date()).toISOString(),
      timeZone: channel ? timeZoneOf(channel) : 'UTC',
      lines: orders.map((o) => ({ name: o.product.name, amountCents: o.amountCents - o.serviceFeeCents })),
      serviceFeeCents: purchase.serviceFeeCents,
      totalCents: purchase.amountCents,
      currency: purchase.currency,
    },
  });
}
