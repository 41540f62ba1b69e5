import { createHash } from 'node:crypto';
import express, { type Router } from 'express';
import Stripe from 'stripe';
import type {
  CardOnFile,
  ChargeRequest,
  ChargeResult,
  CheckoutCreated,
  CheckoutRequest,
  CheckoutState,
  Fan,
  InvoiceState,
  PaymentEvent,
  PaymentEventHandler,
  PaymentProvider,
  SubscriptionState,
} from './provider.ts';
import { webUrl } from '../web-links.ts';

/*
 * The Stripe provider (STRIPE_SECRET_KEY set): Checkout Sessions in hosted mode, reached by a 303
 * from the web app's plain form post; fulfilment by the webhook (verified with constructEvent,
 * handled once per event id) and by reading the session again whenever an order page asks
 * (PAYMENTS.md sections 1–3). Tests point `apiUrl` at a local fake of the Stripe API.
 */

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | null;
  /** Another Stripe API origin (tests: a local fake over http); default api.stripe.com. */
  apiUrl?: string;
}

export function stripeClient(opts: StripeOptions): Stripe {
  const api = opts.apiUrl ? new URL(opts.apiUrl) : null;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: api ? 0 : 2,
    timeout: 30_000,
    ...(api
      ? { host: api.hostname, port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)), protocol: api.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

/** A status Stripe may one day add is read as the given fallback, never passed on unknown. */
const oneOf = <T extends string>(value: string, known: readonly T[], fallback: T): T =>
  (known as readonly string[]).includes(value) ? (value as T) : fallback;
const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'paused', 'canceled', 'incomplete', 'incomplete_expired'] as const;
const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

const isMissing = (error: unknown) => (error as { statusCode?: number })?.statusCode === 404;

/** Why a PaymentIntent was declined, in the codes fulfilment words (DECLINE_MSG). */
function declineOf(error: { code?: string; decline_code?: string } | null | undefined): string | null {
  if (!error) return null;
  if (error.code === 'payment_intent_authentication_failure') return 'authentication_failed';
  return error.decline_code ?? error.code ?? 'card_declined';
}

export function stripeProvider(stripe: Stripe, opts: { publicUrl: string }): PaymentProvider {
  /** Stripe needs whole addresses to send the fan back to: our paths on PUBLIC_URL's origin (ADR 029). */
  const ours = (path: string) => webUrl(opts.publicUrl, path);

  /** The fan's customer, made once (the first purchase or card). */
  async function customerOf(fan: { userId: number; email: string; stripeCustomerId: string | null }, channelId: number): Promise<string> {
    if (fan.stripeCustomerId) return fan.stripeCustomerId;
    const made = await stripe.customers.create(
      { email: fan.email, metadata: { user_id: String(fan.userId) } },
      // One customer per fan, even when two purchases start at once. The address is in the key
      // because Stripe's keys are per account: another database on it (a reset one, staging)
      // has a user of the same id, and the same key with another address is refused for 24 hours.
      { idempotencyKey: `customer-${channelId}-${fan.userId}-${createHash('sha256').update(fan.email).digest('hex').slice(0, 32)}` },
    );
    return made.id;
  }

  /** A card of this fan's customer, or null (another customer's, detached, unknown). */
  async function ownCard(fan: Fan, paymentMethodId: string): Promise<Stripe.PaymentMethod | null> {
    if (!fan.stripeCustomerId) return null;
    try {
      const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
      const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
      return owner === fan.stripeCustomerId && pm.type === 'card' ? pm : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  const chargeResult = (pi: Stripe.PaymentIntent, customerId?: string): ChargeResult => {
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
  };

  return {
    name: 'stripe',
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
      try {
        const s = await stripe.checkout.sessions.retrieve(sessionId);
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
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
      try {
        const sub = await stripe.subscriptions.retrieve(subscriptionId);
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
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveInvoice(invoiceId: string): Promise<InvoiceState | null> {
      try {
        const inv = await stripe.invoices.retrieve(invoiceId);
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
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },
    async portalUrl(customer, returnPath): Promise<string> {
      if (!customer.stripeCustomerId) throw new Error('the fan has no Stripe customer yet');
      return (await stripe.billingPortal.sessions.create({ customer: customer.stripeCustomerId, return_url: ours(returnPath) })).url;
    },
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
      try {
        const pi = await stripe.paymentIntents.retrieve(paymentId);
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
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async cancelPayment(paymentId: string): Promise<void> {
      try {
        await stripe.paymentIntents.cancel(paymentId);
      } catch (error) {
        // Already succeeded or canceled: nothing to end.
        if ((error as { type?: string })?.type !== 'StripeInvalidRequestError') throw error;
      }
    },
    async expireCheckout(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already complete or expired: nothing to end.
        if ((error as { type?: string })?.type !== 'StripeInvalidRequestError') throw error;
      }
    },
  };
}

/**
 * POST /stripe/webhook: Stripe's events, verified against the raw body with the endpoint's
 * secret (a forged or altered one is a 400 and changes nothing), then handed to fulfilment.
 * Mounted before the JSON body parser: the signature is over the exact bytes.
 */
export function stripeWebhook(opts: { stripe: Stripe; secret: string; onEvent: PaymentEventHandler; log(message: string): void }): Router {
  const router = express.Router();
  router.post('/stripe/webhook', express.raw({ type: () => true, limit: '512kb' }), async (req, res, next) => {
    let event: Stripe.Event;
    try {
      const signature = req.get('stripe-signature');
      if (!signature || !Buffer.isBuffer(req.body)) throw new Error('No Stripe-Signature header');
      event = opts.stripe.webhooks.constructEvent(req.body, signature, opts.secret);
    } catch (error) {
      opts.log(`channel-api: refused a webhook: ${(error as Error).message}`);
      return void res.status(400).json({ message: 'The webhook signature is not valid' });
    }
    try {
      await opts.onEvent(eventRefs(event));
      res.json({ received: true });
    } catch (error) {
      // Fulfilment reads the session from Stripe, and Stripe could not answer: the event is not
      // handled, so it is not acknowledged. Stripe delivers it again later; not a 500 of ours.
      if (error instanceof Stripe.errors.StripeError) {
        opts.log(`channel-api: a webhook could not be checked with Stripe: ${error.message}`);
        return void res.status(503).json({ message: 'Stripe could not be reached to check this event. Deliver it again later.' });
      }
      next(error);
    }
  });
  return router;
}

/** What an event is about, by id only: fulfilment reads the object itself again from Stripe. */
export function eventRefs(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as {
    object?: string;
    id?: string;
    parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
  };
  const refs: PaymentEvent = { id: event.id, type: event.type, sessionId: null, subscriptionId: null, invoiceId: null };
  if (object.object === 'checkout.session') refs.sessionId = object.id ?? null;
  if (object.object === 'subscription') refs.subscriptionId = object.id ?? null;
  if (object.object === 'payment_intent') refs.paymentId = object.id ?? null;
  if (object.object === 'invoice') {
    const sub = object.parent?.subscription_details?.subscription;
    refs.invoiceId = object.id ?? null;
    refs.subscriptionId = typeof sub === 'string' ? sub : (sub?.id ?? null);
  }
  return refs;
}
