import type { CheckoutCreated, CheckoutRequest, CheckoutState, PaymentProvider } from './provider.ts';
import { unlessEnded, unlessMissing, type StripeContext } from './stripe-client.ts';

/* Stripe Checkout in hosted mode: a purchase's session, read again whenever fulfilment asks, and
   ended when a new attempt replaces it (PAYMENTS.md sections 1 and 2). */

export function stripeCheckouts({ stripe, ours, customerOf }: StripeContext): Pick<PaymentProvider, 'createCheckout' | 'retrieveCheckout' | 'expireCheckout'> {
  return {
    async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
      const { customer: fan } = request;
      const customerId = await customerOf(fan, request.channelId);
      const metadata = { purchase_id: String(request.purchaseId) };
      const session = await stripe.checkout.sessions.create(
        {
          mode: request.mode,
          customer: customerId,
          client_reference_id: String(request.purchaseId),
          metadata,
          // A promotion code is already in the lines: each is its discounted amount (the channel
          // checked the code and recomputed the total; in subscription mode the discounted price is
          // the recurring one). No allow_promotion_codes either way: our /buy page has its own code
          // field, and a second one on Stripe's page would take codes we never checked off a total
          // we already worked out.
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: line.amountCents,
              product_data: { name: line.name },
              ...(line.recurring ? { recurring: { interval: line.recurring.interval, interval_count: line.recurring.intervalCount } } : {}),
            },
          })),
          success_url: ours(request.successUrl),
          cancel_url: ours(request.cancelUrl),
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          ...(request.mode === 'subscription'
            ? { subscription_data: { metadata, ...(request.trialDays ? { trial_period_days: request.trialDays } : {}) } }
            : { payment_intent_data: { metadata } }),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe made checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url, customerId: customerId !== fan.stripeCustomerId ? customerId : undefined };
    },
    async retrieveCheckout(sessionId: string): Promise<CheckoutState | null> {
      const s = await unlessMissing(() => stripe.checkout.sessions.retrieve(sessionId));
      if (!s) return null;
      const purchaseId = Number(s.client_reference_id ?? s.metadata?.purchase_id);
      const status: string = s.status ?? 'open';
      const paymentStatus: string = s.payment_status;
      return {
        sessionId: s.id,
        purchaseId: Number.isInteger(purchaseId) && purchaseId > 0 ? purchaseId : null,
        status: status === 'complete' || status === 'expired' ? status : 'open',
        paymentStatus: paymentStatus === 'paid' || paymentStatus === 'no_payment_required' ? paymentStatus : 'unpaid',
        // Stripe's page lets the fan try another card after a decline: a session never ends declined.
        declineCode: null,
        subscriptionId: typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? null),
      };
    },
    async expireCheckout(sessionId: string): Promise<void> {
      // Already complete or expired: nothing to end.
      await unlessEnded(() => stripe.checkout.sessions.expire(sessionId));
    },
  };
}
