import express, { type Request, type Response, type Router } from 'express';
import type { PaymentEventHandler } from './provider.ts';
import { advanceClock, newEventId, saveCard, startSubscription } from './sandbox-billing.ts';
import { sandboxCardPages } from './sandbox-card-pages.ts';
import { authenticationPage, checkoutPage, endedPage, returnUrl } from './sandbox-checkout-pages.ts';
import { bankAnswer, CHOOSE_ANSWER, field, gonePage, sendPage } from './sandbox-html.ts';
import { sandboxPortalPages } from './sandbox-portal.ts';
import { CHECKOUT_CSS } from './sandbox-styles.ts';
import { attachSubscription, awaitAuthentication, checkCard, closeSession, parseExpiry, sandboxSession, type SandboxSessionRow } from './sandbox.ts';
import type { Db } from '../db/client.ts';
import { sendRefusal } from '../http/errors.ts';
import { fromOperator } from '../http/operator.ts';
import { channelById, defaultChannel } from '../repo/channels.ts';
import { userByEmail } from '../repo/users.ts';
import type { Signing } from '../signing.ts';

/*
 * The sandbox's hosted checkout, as plain HTML that works without JavaScript: the card form, the
 * bank's authentication page for 4000 0025 0000 3155, and the page of a checkout that has ended.
 * Fans reach it through the web server (/sandbox/* is proxied), so every link, form and redirect
 * here is a path on the web origin, the one the fan is on (ADR 029). Each outcome is reported as
 * the event Stripe would send, to the same fulfilment path as Stripe's webhook; then the fan goes
 * back to the success address, as Stripe sends them. A decline ends the checkout (ADR 015): the
 * order page says why, and a new attempt starts from the offer.
 */

export function sandboxPages(opts: { db: Db; signing: Signing; onEvent: PaymentEventHandler; now?: () => Date }): Router {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 }));

  router.get('/assets/checkout.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css').send(CHECKOUT_CSS);
  });

  async function load(req: Request, res: Response): Promise<{ session: SandboxSessionRow; channel: string } | null> {
    const session = await sandboxSession(db, String(req.params.id), now());
    if (!session) {
      sendPage(res, 404, gonePage('Checkout not found', 'Checkout not found', 'This test checkout does not exist.'));
      return null;
    }
    const channel = (await channelById(db, session.channelId))?.name ?? 'Fieldhouse';
    return { session, channel };
  }

  /** Reports the checkout's new state as Stripe would, then sends the fan back like Stripe does. */
  async function finish(res: Response, session: SandboxSessionRow, type: string) {
    await opts.onEvent({ id: newEventId(), type, sessionId: session.id });
    res.redirect(303, returnUrl(session));
  }

  /** Closes a session as paid (a trial: nothing to pay); a subscription-mode one starts its
   *  subscription on the saved card. The close comes first, so a second click starts nothing. */
  async function complete(session: SandboxSessionRow, cardId: string | null): Promise<boolean> {
    if (!(await closeSession(db, session.id, { paid: true, trial: Boolean(session.trialDays) }))) return false;
    if (session.mode === 'subscription' && cardId) await attachSubscription(db, session.id, await startSubscription(db, session, cardId), cardId);
    return true;
  }

  router.get('/checkout/:id', async (req, res, next) => {
    try {
      const found = await load(req, res);
      if (!found) return;
      const { session, channel } = found;
      if (session.status !== 'open') return void sendPage(res, 200, endedPage(session, channel));
      if (session.awaitingAuthentication) return void res.redirect(303, `/sandbox/checkout/${session.id}/authenticate`);
      sendPage(res, 200, checkoutPage(session, channel, {}, {}));
    } catch (error) {
      next(error);
    }
  });

  router.post('/checkout/:id', async (req, res, next) => {
    try {
      const found = await load(req, res);
      if (!found) return;
      const { session, channel } = found;
      if (session.status !== 'open') return void sendPage(res, 409, endedPage(session, channel));
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = { number: field(body.card_number), expiry: field(body.card_expiry), cvc: field(body.card_cvc) };
      const checked = checkCard(input, now());
      if ('errors' in checked) return void sendPage(res, 400, checkoutPage(session, channel, checked.errors, { number: input.number, expiry: input.expiry }));
      const { outcome } = checked;
      const number = input.number.replace(/[\s-]/g, '');
      if (outcome.kind === 'authenticate') {
        // The card is kept while the bank asks: a subscription saves it once authenticated.
        const cardId =
          session.mode === 'subscription'
            ? await saveCard(db, { channelId: session.channelId, customerId: session.customerId! }, number, parseExpiry(input.expiry))
            : null;
        await awaitAuthentication(db, session.id, cardId);
        return void res.redirect(303, `/sandbox/checkout/${session.id}/authenticate`);
      }
      // A trial charges nothing now: a card that fails charges is still saved, and fails later.
      const declineCode = outcome.kind === 'declined' ? outcome.code : outcome.kind === 'attachesButFails' && !session.trialDays ? 'card_declined' : null;
      if (declineCode) {
        if (!(await closeSession(db, session.id, { paid: false, declineCode }))) return void sendPage(res, 409, endedPage(session, channel));
        return void (await finish(res, session, 'checkout.session.async_payment_failed'));
      }
      const cardId =
        session.mode === 'subscription'
          ? await saveCard(db, { channelId: session.channelId, customerId: session.customerId! }, number, parseExpiry(input.expiry))
          : null;
      if (!(await complete(session, cardId))) return void sendPage(res, 409, endedPage(session, channel));
      await finish(res, session, 'checkout.session.completed');
    } catch (error) {
      next(error);
    }
  });

  router.get('/checkout/:id/authenticate', async (req, res, next) => {
    try {
      const found = await load(req, res);
      if (!found) return;
      const { session, channel } = found;
      if (session.status !== 'open') return void sendPage(res, 200, endedPage(session, channel));
      if (!session.awaitingAuthentication) return void res.redirect(303, `/sandbox/checkout/${session.id}`);
      sendPage(res, 200, authenticationPage(session, channel));
    } catch (error) {
      next(error);
    }
  });

  router.post('/checkout/:id/authenticate', async (req, res, next) => {
    try {
      const found = await load(req, res);
      if (!found) return;
      const { session, channel } = found;
      if (session.status !== 'open' || !session.awaitingAuthentication) return void sendPage(res, 409, endedPage(session, channel));
      const result = bankAnswer(req.body);
      if (!result) return void sendPage(res, 400, authenticationPage(session, channel, CHOOSE_ANSWER));
      const closed =
        result === 'complete'
          ? await complete(session, session.paymentMethodId)
          : await closeSession(db, session.id, { paid: false, declineCode: 'authentication_failed' });
      if (!closed) return void sendPage(res, 409, endedPage(session, channel));
      await finish(res, session, result === 'complete' ? 'checkout.session.completed' : 'checkout.session.async_payment_failed');
    } catch (error) {
      next(error);
    }
  });

  // Manage billing, adding a card, and the bank's page of a payment on a saved one.
  router.use(sandboxPortalPages({ db, signing: opts.signing, onEvent: opts.onEvent, now }));
  router.use(sandboxCardPages({ db, signing: opts.signing, onEvent: opts.onEvent, now }));

  return router;
}

/**
 * The sandbox's test clock, for operators and tests (`npm run sandbox:clock`): moves one fan's
 * time forward and does what it brings to their subscriptions. Answered on the channel API's own
 * address only (loopback, never through the web server, which forwards checkout pages only).
 */
export function sandboxClockRoute(opts: { db: Db; onEvent: PaymentEventHandler }): Router {
  const router = express.Router();
  router.post('/sandbox/clock', async (req, res, next) => {
    try {
      if (!fromOperator(req)) return void sendRefusal(res, 403, 'The test clock is for the operator only');
      const body = (req.body ?? {}) as Record<string, unknown>;
      const seconds = typeof body.advance_seconds === 'number' ? body.advance_seconds : NaN;
      if (typeof body.email !== 'string' || !Number.isInteger(seconds) || seconds < 1 || seconds > 20 * 366 * 86_400)
        return void sendRefusal(res, 400, 'Send email and advance_seconds (a whole number of seconds, up to 20 years)');
      const channel = await defaultChannel(opts.db);
      const user = channel ? await userByEmail(opts.db, channel.id, body.email) : undefined;
      if (!user) return void sendRefusal(res, 404, 'No such fan');
      const at = await advanceClock(opts.db, user.id, seconds * 1000, opts.onEvent);
      res.json({ data: { email: user.email, now: at.toISOString() } });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
