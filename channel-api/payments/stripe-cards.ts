import Stripe from 'stripe';
import type { CardOnFile, ChargeRequest, ChargeResult, CheckoutState, Fan, PaymentProvider } from './provider.ts';
import { unlessEnded, unlessMissing, type StripeContext } from './stripe-client.ts';

/* A fan's saved cards on Stripe (ADR 018): listing, adding (Checkout in setup mode), removing, and
   charging one on-session, with the bank's page when it asks for authentication. */

/** Why a PaymentIntent was declined, in the codes fulfilment words (DECLINE_MSG). */
function declineOf(error: { code?: string; decline_code?: string } | null | undefined): string | null {
  if (!error) return null;
  if (error.code === 'payment_intent_authentication_failure') return 'authentication_failed';
  return error.decline_code ?? error.code ?? 'card_declined';
}

function chargeResult(pi: Stripe.PaymentIntent, customerId?: string): ChargeResult {
  const redirect = pi.status === 'requires_action' && pi.next_action?.type === 'redirect_to_url' ? (pi.next_action.redirect_to_url?.url ?? null) : null;
  return {
    paymentId: pi.id,
    status:
      pi.status === 'succeeded'
        ? 'succeeded'
        : redirect
          ? 'requires_action'
          : pi.status === 'requires_payment_method' || pi.status === 'canceled'
            ? 'failed'
            : 'pending',
    redirectUrl: redirect,
    customerId,
  };
}

export function stripeCards({
  stripe,
  ours,
  customerOf,
}: StripeContext): Pick<PaymentProvider, 'listCards' | 'addCardUrl' | 'removeCard' | 'chargeCard' | 'retrievePayment' | 'cancelPayment'> {
  /** A card of this fan's customer, or null (another customer's, detached, unknown). */
  async function ownCard(fan: Fan, paymentMethodId: string): Promise<Stripe.PaymentMethod | null> {
    if (!fan.stripeCustomerId) return null;
    const pm = await unlessMissing(() => stripe.paymentMethods.retrieve(paymentMethodId));
    if (!pm) return null;
    const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
    return owner === fan.stripeCustomerId && pm.type === 'card' ? pm : null;
  }

  return {
    async listCards(fan: Fan): Promise<CardOnFile[]> {
      if (!fan.stripeCustomerId) return [];
      // Cards the fan agreed to see again (saved by "Add a card"); a subscription's card is
      // 'limited' to it (PAYMENTS.md section 1).
      const [methods, customer] = await Promise.all([
        stripe.customers.listPaymentMethods(fan.stripeCustomerId, { type: 'card', allow_redisplay: 'always', limit: 100 }),
        stripe.customers.retrieve(fan.stripeCustomerId),
      ]);
      const preferred = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
      const defaultId = typeof preferred === 'string' ? preferred : (preferred?.id ?? methods.data[0]?.id ?? null);
      return methods.data
        .filter((pm) => pm.card)
        .map((pm) => ({
          id: pm.id,
          brand: pm.card!.brand,
          last4: pm.card!.last4,
          expMonth: pm.card!.exp_month,
          expYear: pm.card!.exp_year,
          default: pm.id === defaultId,
        }));
    },
    async addCardUrl(fan: Fan, setup): Promise<{ url: string; customerId?: string }> {
      const customerId = await customerOf(fan, fan.channelId);
      // Checkout in setup mode: a card saved without paying, and without JavaScript on our page.
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: customerId,
          currency: setup.currency.toLowerCase(),
          // The fan asked to save it: it may be offered again (list-cards shows 'always' only).
          payment_method_data: { allow_redisplay: 'always' },
          metadata: { user_id: String(fan.userId) },
          success_url: ours(setup.returnUrl),
          cancel_url: ours(setup.returnUrl),
        },
        { idempotencyKey: setup.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe made setup session ${session.id} without a url`);
      return { url: session.url, customerId: customerId !== fan.stripeCustomerId ? customerId : undefined };
    },
    async removeCard(fan: Fan, paymentMethodId: string): Promise<boolean> {
      if (!(await ownCard(fan, paymentMethodId))) return false;
      await stripe.paymentMethods.detach(paymentMethodId);
      return true;
    },
    async chargeCard(request: ChargeRequest): Promise<ChargeResult> {
      if (!request.fan.stripeCustomerId) throw new Error('the fan has no Stripe customer, so no saved card');
      try {
        // On-session: a card that needs authentication gets the bank's page (next_action
        // redirect_to_url, back to return_url) instead of failing as an off-session charge would.
        const pi = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer: request.fan.stripeCustomerId,
            payment_method: request.paymentMethodId,
            confirm: true,
            off_session: false,
            return_url: ours(request.returnUrl),
            description: request.description,
            metadata: { purchase_id: String(request.purchaseId) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return chargeResult(pi);
      } catch (error) {
        // A decline is an error that carries the failed PaymentIntent: the purchase fails with it.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) return chargeResult(error.payment_intent);
        throw error;
      }
    },
    async retrievePayment(paymentId: string): Promise<CheckoutState | null> {
      const pi = await unlessMissing(() => stripe.paymentIntents.retrieve(paymentId));
      if (!pi) return null;
      const purchaseId = Number(pi.metadata?.purchase_id);
      const declined = pi.status === 'requires_payment_method' ? declineOf(pi.last_payment_error) : null;
      return {
        sessionId: pi.id,
        purchaseId: Number.isInteger(purchaseId) && purchaseId > 0 ? purchaseId : null,
        status: pi.status === 'succeeded' || declined ? 'complete' : pi.status === 'canceled' ? 'expired' : 'open',
        paymentStatus: pi.status === 'succeeded' ? 'paid' : 'unpaid',
        declineCode: declined,
        subscriptionId: null,
      };
    },
    async cancelPayment(paymentId: string): Promise<void> {
      // Already succeeded or canceled: nothing to end.
      await unlessEnded(() => stripe.paymentIntents.cancel(paymentId));
    },
  };
}
