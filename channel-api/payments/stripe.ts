import express, { type Router } from 'express';
import Stripe from 'stripe';
import type { PaymentEvent, PaymentEventHandler, PaymentProvider } from './provider.ts';
import { stripeCards } from './stripe-cards.ts';
import { stripeCheckouts } from './stripe-checkout.ts';
import { stripeContext } from './stripe-client.ts';
import { stripeSubscriptions } from './stripe-subscriptions.ts';
import { sendRefusal } from '../http/errors.ts';

/*
 * The Stripe provider (STRIPE_SECRET_KEY set): Checkout Sessions in hosted mode, reached by a 303
 * from the web app's plain form post; fulfilment by the webhook (verified with constructEvent,
 * handled once per event id) and by reading the session again whenever an order page asks
 * (PAYMENTS.md sections 1–3). Tests point `apiUrl` at a local fake of the Stripe API. Its parts:
 * stripe-checkout.ts, stripe-subscriptions.ts, stripe-cards.ts; the client in stripe-client.ts.
 */

export function stripeProvider(stripe: Stripe, opts: { publicUrl: string }): PaymentProvider {
  const context = stripeContext(stripe, opts);
  return { name: 'stripe', ...stripeCheckouts(context), ...stripeSubscriptions(context), ...stripeCards(context) };
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
      return void sendRefusal(res, 400, 'The webhook signature is not valid');
    }
    try {
      await opts.onEvent(eventRefs(event));
      res.json({ received: true });
    } catch (error) {
      // Fulfilment reads the session from Stripe, and Stripe could not answer: the event is not
      // handled, so it is not acknowledged. Stripe delivers it again later; not a 500 of ours.
      if (error instanceof Stripe.errors.StripeError) {
        opts.log(`channel-api: a webhook could not be checked with Stripe: ${error.message}`);
        return void sendRefusal(res, 503, 'Stripe could not be reached to check this event. Deliver it again later.');
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
