import express, { type Request, type Response, type Router } from 'express';
import type { PaymentEventHandler } from './provider.ts';
import { cardsOf, clockNow, newEventId, sessionNames, setCancelAtPeriodEnd, subscriptionsOf, type SubscriptionRow } from './sandbox-billing.ts';
import { e, field, gonePage, html, page, sendPage } from './sandbox-html.ts';
import { linkClaims } from './sandbox-links.ts';
import { formatLongDate } from '../../contract/dates.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Db } from '../db/client.ts';
import { channelById } from '../repo/channels.ts';
import { timeZoneOf } from '../repo/content.ts';
import type { Signing } from '../signing.ts';

/* The sandbox's customer portal ("Manage billing", reached by a signed link: ADR 029): the fan's
   subscriptions with their state, cancelling or resuming a renewal, and the saved cards. */

export function sandboxPortalPages(opts: { db: Db; signing: Signing; onEvent: PaymentEventHandler; now: () => Date }): Router {
  const { db, now } = opts;
  const router = express.Router();

  function portal(req: Request, res: Response) {
    const claims = linkClaims(opts.signing, String(req.params.token), 'portal', now());
    if (!claims) {
      sendPage(res, 404, gonePage('Link expired', 'This link has expired', 'Open Manage billing again from your profile.'));
      return null;
    }
    return claims;
  }

  router.get('/portal/:token', async (req, res, next) => {
    try {
      const claims = portal(req, res);
      if (!claims) return;
      const row = await channelById(db, claims.channelId);
      const channel = { name: row?.name ?? 'Fieldhouse', timeZone: row ? timeZoneOf(row) : 'UTC' };
      const [subs, cards, fanNow] = await Promise.all([
        subscriptionsOf(db, claims.customerId),
        cardsOf(db, claims.customerId),
        clockNow(db, claims.customerId, now()),
      ]);
      const names = await sessionNames(
        db,
        subs.map((s) => s.sessionId),
      );
      sendPage(res, 200, portalPage(String(req.params.token), channel, claims.returnPath, subs, names, cards, fanNow));
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
        return void sendPage(
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

  return router;
}

function portalPage(
  token: string,
  channel: { name: string; timeZone: string },
  returnPath: string,
  subs: SubscriptionRow[],
  names: Map<string, string>,
  cards: { id: string; brand: string; last4: string; expMonth: number; expYear: number }[],
  now: Date,
): string {
  const state = (s: SubscriptionRow) => {
    if (s.status === 'canceled') return 'Ended';
    if (s.status === 'trialing')
      return `Free trial until ${formatLongDate(s.trialEnd ?? s.currentPeriodEnd, channel.timeZone)}${s.cancelAtPeriodEnd ? ', then it ends' : ''}`;
    if (s.status === 'past_due') return 'Payment failed: we are trying again';
    return s.cancelAtPeriodEnd
      ? `Ends on ${formatLongDate(s.currentPeriodEnd, channel.timeZone)}`
      : `Renews on ${formatLongDate(s.currentPeriodEnd, channel.timeZone)}`;
  };
  return page(
    'Manage billing',
    html`<h1>Manage billing</h1>
      <p>${e(channel.name)} — as of ${e(formatLongDate(now, channel.timeZone))}.</p>
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
      <p><a href="${e(returnPath)}">Return to ${e(channel.name)}</a></p>`,
  );
}
