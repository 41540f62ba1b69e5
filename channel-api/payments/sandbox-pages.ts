import express, { type Request, type Response, type Router } from 'express';
import type { PaymentEventHandler } from './provider.ts';
import {
  advanceClock,
  cardsOf,
  clockNow,
  newEventId,
  saveCard,
  sessionNames,
  setCancelAtPeriodEnd,
  startSubscription,
  subscriptionsOf,
  type SubscriptionRow,
} from './sandbox-billing.ts';
import { sandboxCardPages } from './sandbox-card-pages.ts';
import { bankPage, e, field, html, input, page, spaced } from './sandbox-html.ts';
import { linkClaims, ownPath } from './sandbox-links.ts';
import {
  attachSubscription,
  awaitAuthentication,
  checkCard,
  closeSession,
  parseExpiry,
  sandboxSession,
  type CardErrors,
  type SandboxSessionRow,
} from './sandbox.ts';
import { SANDBOX_CARDS } from '../../contract/checkout.ts';
import type { Db } from '../db/client.ts';
import { formatMoney } from '../money.ts';
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

const returnUrl = (s: SandboxSessionRow) => ownPath(s.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(s.id)));

export function sandboxPages(opts: { db: Db; signing: Signing; onEvent: PaymentEventHandler; now?: () => Date }): Router {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 }));

  router.get('/assets/checkout.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css').send(STYLES);
  });

  async function load(req: Request, res: Response): Promise<{ session: SandboxSessionRow; channel: string } | null> {
    const session = await sandboxSession(db, String(req.params.id), now());
    if (!session) {
      res
        .status(404)
        .set('Cache-Control', 'no-store')
        .type('html')
        .send(
          page(
            'Checkout not found',
            html`<h1>Checkout not found</h1>
              <p>This test checkout does not exist.</p>`,
          ),
        );
      return null;
    }
    const channel = (await channelById(db, session.channelId))?.name ?? 'Fieldhouse';
    return { session, channel };
  }

  const send = (res: Response, status: number, body: string) => res.status(status).set('Cache-Control', 'no-store').type('html').send(body);

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
      if (session.status !== 'open') return void send(res, 200, endedPage(session, channel));
      if (session.awaitingAuthentication) return void res.redirect(303, `/sandbox/checkout/${session.id}/authenticate`);
      send(res, 200, checkoutPage(session, channel, {}, {}));
    } catch (error) {
      next(error);
    }
  });

  router.post('/checkout/:id', async (req, res, next) => {
    try {
      const found = await load(req, res);
      if (!found) return;
      const { session, channel } = found;
      if (session.status !== 'open') return void send(res, 409, endedPage(session, channel));
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = { number: field(body.card_number), expiry: field(body.card_expiry), cvc: field(body.card_cvc) };
      const checked = checkCard(input, now());
      if ('errors' in checked) return void send(res, 400, checkoutPage(session, channel, checked.errors, { number: input.number, expiry: input.expiry }));
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
        if (!(await closeSession(db, session.id, { paid: false, declineCode }))) return void send(res, 409, endedPage(session, channel));
        return void (await finish(res, session, 'checkout.session.async_payment_failed'));
      }
      const cardId =
        session.mode === 'subscription'
          ? await saveCard(db, { channelId: session.channelId, customerId: session.customerId! }, number, parseExpiry(input.expiry))
          : null;
      if (!(await complete(session, cardId))) return void send(res, 409, endedPage(session, channel));
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
      if (session.status !== 'open') return void send(res, 200, endedPage(session, channel));
      if (!session.awaitingAuthentication) return void res.redirect(303, `/sandbox/checkout/${session.id}`);
      send(res, 200, authenticationPage(session, channel));
    } catch (error) {
      next(error);
    }
  });

  router.post('/checkout/:id/authenticate', async (req, res, next) => {
    try {
      const found = await load(req, res);
      if (!found) return;
      const { session, channel } = found;
      if (session.status !== 'open' || !session.awaitingAuthentication) return void send(res, 409, endedPage(session, channel));
      const result = field((req.body as Record<string, unknown> | undefined)?.result);
      if (result !== 'complete' && result !== 'fail') return void send(res, 400, authenticationPage(session, channel, 'Choose Complete or Fail.'));
      const closed =
        result === 'complete'
          ? await complete(session, session.paymentMethodId)
          : await closeSession(db, session.id, { paid: false, declineCode: 'authentication_failed' });
      if (!closed) return void send(res, 409, endedPage(session, channel));
      await finish(res, session, result === 'complete' ? 'checkout.session.completed' : 'checkout.session.async_payment_failed');
    } catch (error) {
      next(error);
    }
  });

  /* ---------------------------------------------------------------- the customer portal */

  function portal(req: Request, res: Response) {
    const claims = linkClaims(opts.signing, String(req.params.token), 'portal', now());
    if (!claims) {
      send(
        res,
        404,
        page(
          'Link expired',
          html`<h1>This link has expired</h1>
            <p>Open Manage billing again from your profile.</p>`,
        ),
      );
      return null;
    }
    return claims;
  }

  router.get('/portal/:token', async (req, res, next) => {
    try {
      const claims = portal(req, res);
      if (!claims) return;
      const channel = (await channelById(db, claims.channelId))?.name ?? 'Fieldhouse';
      const [subs, cards, fanNow] = await Promise.all([
        subscriptionsOf(db, claims.customerId),
        cardsOf(db, claims.customerId),
        clockNow(db, claims.customerId, now()),
      ]);
      const names = await sessionNames(
        db,
        subs.map((s) => s.sessionId),
      );
      send(res, 200, portalPage(String(req.params.token), channel, claims.returnPath, subs, names, cards, fanNow));
    } catch (error) {
      next(error);
    }
  });

  router.post('/portal/:token', async (req, res, next) => {
    try {
      const claims = portal(req, res);
      if (!claims) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const action = field(body.action);
      const sub = (await subscriptionsOf(db, claims.customerId)).find((s) => s.id === field(body.subscription));
      if (!sub || (action !== 'cancel' && action !== 'resume'))
        return void send(
          res,
          400,
          page(
            'Not changed',
            html`<h1>Nothing was changed</h1>
              <p><a href="/sandbox/portal/${e(String(req.params.token))}">Back to Manage billing</a></p>`,
          ),
        );
      if (await setCancelAtPeriodEnd(db, sub.id, action === 'cancel')) {
        await opts.onEvent({ id: newEventId(), type: 'customer.subscription.updated', sessionId: null, subscriptionId: sub.id, invoiceId: null });
      }
      res.redirect(303, `/sandbox/portal/${String(req.params.token)}`);
    } catch (error) {
      next(error);
    }
  });

  // Adding a card, and the bank's page of a payment on a saved one.
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
      const from = req.socket.remoteAddress ?? '';
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(from) || req.get('x-forwarded-for'))
        return void res.status(403).json({ message: 'The test clock is for the operator only' });
      const body = (req.body ?? {}) as Record<string, unknown>;
      const seconds = typeof body.advance_seconds === 'number' ? body.advance_seconds : NaN;
      if (typeof body.email !== 'string' || !Number.isInteger(seconds) || seconds < 1 || seconds > 20 * 366 * 86_400)
        return void res.status(400).json({ message: 'Send email and advance_seconds (a whole number of seconds, up to 20 years)' });
      const channel = await defaultChannel(opts.db);
      const user = channel ? await userByEmail(opts.db, channel.id, body.email) : undefined;
      if (!user) return void res.status(404).json({ message: 'No such fan' });
      const at = await advanceClock(opts.db, user.id, seconds * 1000, opts.onEvent);
      res.json({ data: { email: user.email, now: at.toISOString() } });
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/* ------------------------------------------------------------------ pages */

function summary(s: SandboxSessionRow): string {
  return html`<table class="lines">
      <caption>
        Order summary
      </caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" class="amount">Amount</th>
        </tr>
      </thead>
      <tbody>
        ${s.lines
          .map(
            (l) =>
              html`<tr>
                <td>${e(l.name)}</td>
                <td class="amount">${e(formatMoney(l.amountCents, s.currency))}</td>
              </tr>`,
          )
          .join('')}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total due today</th>
          <td class="amount">${e(formatMoney(s.amountTotalCents, s.currency))}</td>
        </tr>
      </tfoot>
    </table>
    ${renewalTerms(s)}`;
}

/** What a subscription charges later, as Stripe's page says it. */
function renewalTerms(s: SandboxSessionRow): string {
  if (s.mode !== 'subscription') return '';
  const price = s.lines.find((l) => l.name !== 'Service fee') ?? s.lines[0];
  const every = s.recurringInterval === 'year' ? 'every year' : s.recurringInterval === 'month' ? 'every month' : `every ${s.recurringCount ?? 30} days`;
  const then = `${formatMoney(price.amountCents, s.currency)} ${every}`;
  return s.trialDays
    ? html`<p class="terms">Free for ${s.trialDays} days, then ${e(then)} until you cancel. Your card is saved now for the first charge.</p>`
    : html`<p class="terms">Then ${e(then)} until you cancel. Your card is saved for the renewals.</p>`;
}

const payLabel = (s: SandboxSessionRow) =>
  s.trialDays
    ? 'Start free trial'
    : s.mode === 'subscription'
      ? `Subscribe for ${formatMoney(s.amountTotalCents, s.currency)}`
      : `Pay ${formatMoney(s.amountTotalCents, s.currency)}`;

function checkoutPage(s: SandboxSessionRow, channel: string, errors: CardErrors, values: { number?: string; expiry?: string }): string {
  const messages = Object.values(errors);
  return page(
    `Pay ${channel}`,
    html`<h1>Pay ${e(channel)}</h1>
      ${summary(s)}
      <form method="post" action="/sandbox/checkout/${e(s.id)}" novalidate>
        <h2>Pay with card</h2>
        ${
          messages.length
            ? html`<div class="errors" role="alert">
                <p>The card was not accepted:</p>
                <ul>
                  ${messages.map((m) => html`<li>${e(m)}</li>`).join('')}
                </ul>
              </div>`
            : ''
        }
        <p class="field"><span class="label">Email</span> <span class="email">${e(s.customerEmail)}</span></p>
        ${input('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', values.number ?? '', errors.number, 'For example 4242 4242 4242 4242')}
        ${input('expiry', 'Expiration date', 'autocomplete="cc-exp" maxlength="7"', values.expiry ?? '', errors.expiry, 'MM / YY')}
        ${input('cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', '', errors.cvc)}
        <p><button type="submit">${e(payLabel(s))}</button></p>
      </form>
      <p><a href="${e(ownPath(s.cancelUrl))}">Back to ${e(channel)} without paying</a></p>
      <details>
        <summary>Test cards</summary>
        <ul>
          <li><code>${spaced(SANDBOX_CARDS.success)}</code>: the payment succeeds.</li>
          <li><code>${spaced(SANDBOX_CARDS.declined)}</code>: the card is declined.</li>
          <li><code>${spaced(SANDBOX_CARDS.insufficientFunds)}</code>: declined for insufficient funds.</li>
          <li><code>${spaced(SANDBOX_CARDS.authentication)}</code>: the bank asks for authentication.</li>
        </ul>
        <p>Any future expiration date and any 3 digits as the security code.</p>
      </details>`,
  );
}

function authenticationPage(s: SandboxSessionRow, channel: string, error?: string): string {
  return bankPage({ amount: formatMoney(s.amountTotalCents, s.currency), channel, action: `/sandbox/checkout/${s.id}/authenticate`, error });
}

function endedPage(s: SandboxSessionRow, channel: string): string {
  const paid = s.paymentStatus === 'paid';
  return page(
    paid ? 'Payment complete' : 'Checkout ended',
    html`<h1>${paid ? 'Payment complete' : 'This checkout has ended'}</h1>
      <p>${paid ? 'This checkout has been paid.' : 'This checkout can no longer be paid.'}</p>
      <p><a href="${e(returnUrl(s))}">Return to ${e(channel)}</a></p>`,
  );
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function portalPage(
  token: string,
  channel: string,
  returnPath: string,
  subs: SubscriptionRow[],
  names: Map<string, string>,
  cards: { id: string; brand: string; last4: string; expMonth: number; expYear: number }[],
  now: Date,
): string {
  const state = (s: SubscriptionRow) => {
    if (s.status === 'canceled') return 'Ended';
    if (s.status === 'trialing') return `Free trial until ${longDate.format(s.trialEnd ?? s.currentPeriodEnd)}${s.cancelAtPeriodEnd ? ', then it ends' : ''}`;
    if (s.status === 'past_due') return 'Payment failed: we are trying again';
    return s.cancelAtPeriodEnd ? `Ends on ${longDate.format(s.currentPeriodEnd)}` : `Renews on ${longDate.format(s.currentPeriodEnd)}`;
  };
  return page(
    'Manage billing',
    html`<h1>Manage billing</h1>
      <p>${e(channel)} — as of ${e(longDate.format(now))}.</p>
      <h2>Subscriptions</h2>
      ${
        subs.length === 0
          ? html`<p>You have no subscriptions.</p>`
          : html`<ul class="portal-list">
              ${subs
                .map(
                  (s) =>
                    html`<li>
                      <p><strong>${e(names.get(s.sessionId) ?? 'Subscription')}</strong>: ${e(formatMoney(s.amountCents, s.currency))}</p>
                      <p>${e(state(s))}</p>
                      ${
                        s.status === 'canceled'
                          ? ''
                          : html`<form method="post" action="/sandbox/portal/${e(token)}">
                              <input type="hidden" name="subscription" value="${e(s.id)}" />
                              <button
                                type="submit"
                                name="action"
                                value="${s.cancelAtPeriodEnd ? 'resume' : 'cancel'}"
                                class="${s.cancelAtPeriodEnd ? '' : 'secondary'}"
                              >
                                ${s.cancelAtPeriodEnd ? 'Renew again' : 'Cancel renewal'}
                              </button>
                            </form>`
                      }
                    </li>`,
                )
                .join('')}
            </ul>`
      }
      <h2>Saved cards</h2>
      ${
        cards.length === 0
          ? html`<p>No card is saved.</p>`
          : html`<ul>
              ${cards.map((c) => html`<li>${e(c.brand === 'visa' ? 'Visa' : 'Mastercard')} ending in ${e(c.last4)}, expires ${c.expMonth}/${c.expYear}</li>`).join('')}
            </ul>`
      }
      <p><a href="${e(returnPath)}">Return to ${e(channel)}</a></p>`,
  );
}

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1a1a1a;background:#f4f5f7}
.test-banner{margin:0;padding:.5rem 1rem;background:#8a4b00;color:#fff;text-align:center}
main{max-width:32rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #c4c8cf;border-radius:.5rem}
h1{font-size:1.5rem;margin-top:0}
h2{font-size:1.15rem}
table.lines{width:100%;border-collapse:collapse;margin-bottom:1rem}
table.lines caption{text-align:left;font-weight:600;padding-bottom:.25rem}
table.lines th,table.lines td{padding:.35rem 0;border-bottom:1px solid #d9dce1;text-align:left}
table.lines .amount{text-align:right}
table.lines tfoot th,table.lines tfoot td{font-weight:700;border-bottom:0}
.field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
label,.label{font-weight:600}
.hint{color:#4a4f57;font-size:.9rem}
input{font:inherit;padding:.6rem .7rem;min-height:2.75rem;border:1px solid #6b7079;border-radius:.35rem}
input:focus-visible,button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
input[aria-invalid="true"]{border-color:#b00020;border-width:2px}
.error{color:#b00020}
.errors{border:2px solid #b00020;border-radius:.35rem;padding:.5rem .75rem;color:#1a1a1a;margin-bottom:1rem}
.errors p{margin:0}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.6rem 1.2rem;border:0;border-radius:.35rem;background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#b00020;border:2px solid #b00020}
.choices{display:flex;gap:1rem;flex-wrap:wrap}
.terms{margin:0 0 1rem}
.portal-list{list-style:none;padding:0}
.portal-list li{border-top:1px solid #d9dce1;padding:.5rem 0}
.portal-list p{margin:.25rem 0}
a{color:#0b57d0}
code{font-size:1rem}
@media (prefers-reduced-motion: reduce){*{transition:none!important;animation:none!important}}
`;
