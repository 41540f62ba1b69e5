import express, { type Response, type Router } from 'express';
import type { PaymentEventHandler } from './provider.ts';
import { newEventId, saveCard } from './sandbox-billing.ts';
import { answerAuthentication, paymentIntent, type PaymentIntentRow } from './sandbox-cards.ts';
import { bankAnswer, bankPage, CHOOSE_ANSWER, e, field, gonePage, html, input, page, sendPage, spaced } from './sandbox-html.ts';
import { linkClaims, ownPath } from './sandbox-links.ts';
import { checkCard, parseExpiry, type CardErrors } from './sandbox.ts';
import { DECLINE_MSG, SANDBOX_CARDS } from '../../contract/checkout.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Db } from '../db/client.ts';
import { channelById } from '../repo/channels.ts';
import type { Signing } from '../signing.ts';

/*
 * The sandbox's pages for saved cards (ADR 018), plain HTML reached through the web server like
 * its checkout: "Add a card" (what Stripe Checkout in setup mode is: a card saved without paying,
 * opened by a signed link for one fan, back to their profile), and the bank's page of a payment on
 * a saved card that needs authentication (4000 0025 0000 3155), whose Complete or Fail is reported
 * as Stripe's payment_intent event, the fan then sent back to the order page.
 */

/** Setting up a card declines only what Stripe's setup declines: 0002. 9995 and 0341 attach, and
 *  their charges fail later; 3155 is saved as set up (Stripe would ask the bank once here). */
function setupRefusal(errors: CardErrors | null, declined: string | null): CardErrors | null {
  if (errors) return errors;
  return declined ? { number: declined } : null;
}

export function sandboxCardPages(opts: { db: Db; signing: Signing; onEvent: PaymentEventHandler; now: () => Date }): Router {
  const { db, now } = opts;
  const router = express.Router();
  const channelName = async (id: number) => (await channelById(db, id))?.name ?? 'Fieldhouse';

  /* ---------------------------------------------------------------- add a card */

  function claimsOf(token: string, res: Response) {
    const claims = linkClaims(opts.signing, token, 'add-card', now());
    if (!claims) sendPage(res, 404, gonePage('Link expired', 'This link has expired', 'Choose Add a card again from your profile.'));
    return claims;
  }

  router.get('/add-card/:token', async (req, res, next) => {
    try {
      const token = String(req.params.token);
      const claims = claimsOf(token, res);
      if (!claims) return;
      sendPage(res, 200, addCardPage(token, await channelName(claims.channelId), claims.returnPath, {}, {}));
    } catch (error) {
      next(error);
    }
  });

  router.post('/add-card/:token', async (req, res, next) => {
    try {
      const token = String(req.params.token);
      const claims = claimsOf(token, res);
      if (!claims) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const entered = { number: field(body.card_number), expiry: field(body.card_expiry), cvc: field(body.card_cvc) };
      const checked = checkCard(entered, now());
      const number = entered.number.replace(/[\s-]/g, '');
      const declined = 'outcome' in checked && number === SANDBOX_CARDS.declined ? DECLINE_MSG.card_declined : null;
      const refused = setupRefusal('errors' in checked ? checked.errors : null, declined);
      if (refused) {
        const channel = await channelName(claims.channelId);
        return void sendPage(res, 400, addCardPage(token, channel, claims.returnPath, refused, { number: entered.number, expiry: entered.expiry }));
      }
      await saveCard(db, { channelId: claims.channelId, customerId: claims.customerId }, number, parseExpiry(entered.expiry));
      res.redirect(303, claims.returnPath);
    } catch (error) {
      next(error);
    }
  });

  /* ---------------------------------------------------------------- the bank's page of a payment */

  async function waiting(id: string, res: Response): Promise<{ row: PaymentIntentRow; channel: string } | null> {
    const row = await paymentIntent(db, id);
    if (!row) {
      sendPage(res, 404, gonePage('Payment not found', 'Payment not found', 'This test payment does not exist.'));
      return null;
    }
    return { row, channel: await channelName(row.channelId) };
  }

  router.get('/payment/:id/authenticate', async (req, res, next) => {
    try {
      const found = await waiting(String(req.params.id), res);
      if (!found) return;
      sendPage(res, 200, found.row.status === 'requires_action' ? authenticationPage(found.row, found.channel) : answeredPage(found.row, found.channel));
    } catch (error) {
      next(error);
    }
  });

  router.post('/payment/:id/authenticate', async (req, res, next) => {
    try {
      const found = await waiting(String(req.params.id), res);
      if (!found) return;
      const { row, channel } = found;
      if (row.status !== 'requires_action') return void sendPage(res, 409, answeredPage(row, channel));
      const result = bankAnswer(req.body);
      if (!result) return void sendPage(res, 400, authenticationPage(row, channel, CHOOSE_ANSWER));
      if (!(await answerAuthentication(db, row.id, result === 'complete'))) return void sendPage(res, 409, answeredPage(row, channel));
      await opts.onEvent({
        id: newEventId(),
        type: result === 'complete' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        sessionId: null,
        paymentId: row.id,
      });
      res.redirect(303, backTo(row));
    } catch (error) {
      next(error);
    }
  });

  return router;
}

/** Stripe adds the PaymentIntent's id to return_url; so does the sandbox, on the fan's origin. */
function backTo(row: PaymentIntentRow): string {
  const url = new URL(ownPath(row.returnUrl), 'http://sandbox.invalid');
  url.searchParams.set('payment_intent', row.id);
  return `${url.pathname}${url.search}`;
}

function addCardPage(token: string, channel: string, returnPath: string, errors: CardErrors, values: { number?: string; expiry?: string }): string {
  const messages = Object.values(errors);
  return page(
    'Add a card',
    html`<h1>Add a card</h1>
      <p>Save a card with ${e(channel)} to pay with it later. Nothing is charged now.</p>
      <form method="post" action="/sandbox/add-card/${e(token)}" novalidate>
        ${
          messages.length
            ? html`<div class="errors" role="alert">
                <p>The card was not saved:</p>
                <ul>
                  ${messages.map((m) => html`<li>${e(m)}</li>`).join('')}
                </ul>
              </div>`
            : ''
        }
        ${input('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', values.number ?? '', errors.number, 'For example 4242 4242 4242 4242')}
        ${input('expiry', 'Expiration date', 'autocomplete="cc-exp" maxlength="7"', values.expiry ?? '', errors.expiry, 'MM / YY')}
        ${input('cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', '', errors.cvc)}
        <p><button type="submit">Save card</button></p>
      </form>
      <p><a href="${e(returnPath)}">Back to ${e(channel)} without saving a card</a></p>
      <details>
        <summary>Test cards</summary>
        <ul>
          <li><code>${spaced(SANDBOX_CARDS.success)}</code>: payments with it succeed.</li>
          <li><code>${spaced(SANDBOX_CARDS.authentication)}</code>: the bank asks for authentication at each payment.</li>
          <li><code>${spaced(SANDBOX_CARDS.insufficientFunds)}</code>: saved, but payments are declined for insufficient funds.</li>
          <li><code>${spaced(SANDBOX_CARDS.declined)}</code>: declined: it cannot be saved.</li>
        </ul>
        <p>Any future expiration date and any 3 digits as the security code.</p>
      </details>`,
  );
}

function authenticationPage(row: PaymentIntentRow, channel: string, error?: string): string {
  return bankPage({
    amount: formatMoney(row.amountCents, row.currency),
    channel,
    what: 'with your saved card',
    action: `/sandbox/payment/${row.id}/authenticate`,
    error,
  });
}

function answeredPage(row: PaymentIntentRow, channel: string): string {
  const paid = row.status === 'succeeded';
  return page(
    paid ? 'Payment complete' : 'Payment ended',
    html`<h1>${paid ? 'Payment complete' : 'This payment has ended'}</h1>
      <p>${paid ? 'This payment has been authenticated and paid.' : 'This payment can no longer be authenticated.'}</p>
      <p><a href="${e(backTo(row))}">Return to ${e(channel)}</a></p>`,
  );
}
