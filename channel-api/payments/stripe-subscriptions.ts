import type { InvoiceState, PaymentProvider, SubscriptionState } from './provider.ts';
import { unlessMissing, type StripeContext } from './stripe-client.ts';

/* A fan's Stripe subscriptions: their state and invoices as renewals read them, cancelling the
   renewal, and the customer portal ("Manage billing"). */

/** A status Stripe may one day add is read as the given fallback, never passed on unknown. */
const oneOf = <T extends string>(value: string, known: readonly T[], fallback: T): T =>
  (known as readonly string[]).includes(value) ? (value as T) : fallback;
const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'paused', 'canceled', 'incomplete', 'incomplete_expired'] as const;
const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export function stripeSubscriptions({
  stripe,
  ours,
}: StripeContext): Pick<PaymentProvider, 'retrieveSubscription' | 'retrieveInvoice' | 'setCancelAtPeriodEnd' | 'portalUrl'> {
  return {
    async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
      const sub = await unlessMissing(() => stripe.subscriptions.retrieve(subscriptionId));
      if (!sub) return null;
      // Since 2025-03-31.basil the period lives on the subscription's items.
      const periodEnd = sub.items.data[0]?.current_period_end ?? sub.trial_end ?? Math.floor(Date.now() / 1000);
      const reason: string | null = sub.cancellation_details?.reason ?? null;
      return {
        id: sub.id,
        status: oneOf(sub.status, SUBSCRIPTION_STATUSES, 'incomplete'),
        currentPeriodEnd: new Date(periodEnd * 1000),
        trialEnd: sub.trial_end ? new Date(sub.trial_end * 1000) : null,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        amountCents: sub.items.data[0]?.price?.unit_amount ?? 0,
        endedReason: reason === 'cancellation_requested' ? reason : reason === 'payment_failed' || reason === 'payment_disputed' ? 'payment_failed' : null,
      };
    },
    async retrieveInvoice(invoiceId: string): Promise<InvoiceState | null> {
      const inv = await unlessMissing(() => stripe.invoices.retrieve(invoiceId));
      if (!inv) return null;
      const sub = inv.parent?.subscription_details?.subscription;
      const subscriptionId = typeof sub === 'string' ? sub : sub?.id;
      if (!inv.id || !subscriptionId) return null;
      return {
        id: inv.id,
        subscriptionId,
        status: oneOf(inv.status ?? 'draft', INVOICE_STATUSES, 'draft'),
        amountCents: inv.amount_paid || inv.amount_due,
        billingReason: inv.billing_reason ?? 'subscription_cycle',
      };
    },
    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },
    async portalUrl(customer, returnPath): Promise<string> {
      if (!customer.stripeCustomerId) throw new Error('the fan has no Stripe customer yet');
      return (await stripe.billingPortal.sessions.create({ customer: customer.stripeCustomerId, return_url: ours(returnPath) })).url;
    },
  };
}
