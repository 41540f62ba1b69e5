import { formatLongDate } from '../../contract/dates.ts';
import { formatMoney } from '../../contract/money.ts';
import type { ActivityStatus } from '../../contract/orders.ts';
import type { Deps } from '../deps.ts';
import { accountLocale } from '../mail/account-locale.ts';
import { deliver, type MailKind } from '../mail/index.ts';
import { mailTranslator } from '../mail/messages.ts';
import type { InvoiceState, PaymentEvent, SubscriptionState } from '../payments/provider.ts';
import { channelById } from '../repo/channels.ts';
import { timeZoneOf } from '../repo/content.ts';
import { addTransaction, hasPaidCharge, orderBySubscription, syncSubscriptionOrder, type OrderRow } from '../repo/orders.ts';
import { recordPaymentEvent } from '../repo/purchases.ts';
import { userById } from '../repo/users.ts';
import { webPaths, webUrl } from '../web-links.ts';

/*
 * A subscription's life after its checkout (PAYMENTS.md section 3): renewals, failed renewals and
 * their retries, cancellation at the period's end, a trial about to end. Like every payment event
 * (services/fulfilment.ts), each is handled once, and what it says is read again from the
 * provider: the subscription's status and period are mirrored onto its order, and a paid or failed
 * invoice becomes a transaction ('New subscription' for the first money charged, then
 * 'Subscription Renewal'). Mails go out after the change is committed.
 */

export const SUBSCRIPTION_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
]);

/** What the order's activity is while the subscription is in this state: access lasts while it
 *  is trialing, active or past due (retries are running); it ends when the subscription does. */
export function activityOf(sub: Pick<SubscriptionState, 'status' | 'endedReason'>): ActivityStatus {
  switch (sub.status) {
    case 'trialing':
    case 'active':
    case 'past_due':
      return 'active';
    case 'canceled':
      return sub.endedReason === 'cancellation_requested' ? 'canceled' : 'expired';
    case 'incomplete_expired':
      return 'expired';
    default:
      return 'inactive';
  }
}

export const isLive = (sub: Pick<SubscriptionState, 'status'>) => sub.status === 'trialing' || sub.status === 'active' || sub.status === 'past_due';

type Notice = { kind: MailKind; order: OrderRow; sub: SubscriptionState; invoice: InvoiceState | null };

export async function handleSubscriptionEvent(deps: Deps, event: PaymentEvent): Promise<'settled' | 'unchanged' | 'duplicate'> {
  // Read again from the provider, outside any transaction (network I/O).
  const sub = event.subscriptionId ? await deps.payments.retrieveSubscription(event.subscriptionId) : null;
  const invoice = event.invoiceId ? await deps.payments.retrieveInvoice(event.invoiceId) : null;
  const order = sub ? await orderBySubscription(deps.db, sub.id) : undefined;
  let notice: Notice | null = null;
  const result = await deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, event.type))) return 'duplicate' as const;
    // An order not linked yet: its checkout's completion mirrors the subscription when it comes.
    if (!sub || !order) return 'unchanged' as const;
    if (event.type === 'invoice.paid' && invoice?.status === 'paid' && invoice.billingReason !== 'subscription_create') {
      const label = (await hasPaidCharge(tx, order.id)) ? 'Subscription Renewal' : 'New subscription';
      await addTransaction(tx, { orderId: order.id, status: 'paid', label, amountCents: invoice.amountCents, currency: order.currency });
      notice = { kind: 'renewal', order, sub, invoice };
    }
    if (event.type === 'invoice.payment_failed' && invoice) {
      const label = (await hasPaidCharge(tx, order.id)) ? 'Subscription Renewal' : 'New subscription';
      await addTransaction(tx, { orderId: order.id, status: 'failed', label, amountCents: invoice.amountCents, currency: order.currency });
      notice = { kind: 'payment-failed', order, sub, invoice };
    }
    if (event.type === 'customer.subscription.trial_will_end' && sub.status === 'trialing') notice = { kind: 'trial-ending', order, sub, invoice: null };
    await syncSubscriptionOrder(tx, order.id, {
      activityStatus: activityOf(sub),
      autoRenew: isLive(sub) && !sub.cancelAtPeriodEnd,
      accessUntil: sub.currentPeriodEnd,
      trialEndsAt: sub.trialEnd,
    });
    return 'settled' as const;
  });
  if (notice) await notify(deps, notice);
  return result;
}

async function notify(deps: Deps, n: Notice): Promise<void> {
  const user = n.order.userId ? await userById(deps.db, n.order.userId) : undefined;
  if (!user) return;
  const channel = await channelById(deps.db, n.order.channelId);
  const channelName = channel?.name ?? 'Fieldhouse';
  const timeZone = channel ? timeZoneOf(channel) : 'UTC';
  const link = webUrl(deps.publicUrl, webPaths.order(n.order.id));
  const name = n.order.product.name;
  // In the fan's language (ADR 055): the one kept on their account.
  const locale = accountLocale(channel, user);
  const { t } = mailTranslator(locale);
  const money = (cents: number) => formatMoney(cents, n.order.currency, locale);
  const base = { channelName, firstName: user.firstName || undefined, link, locale };
  const until = formatLongDate(n.sub.currentPeriodEnd, timeZone, locale);
  if (n.kind === 'renewal' && n.invoice) {
    await deliver(deps.mailer, deps.log, 'renewal', user.email, {
      ...base,
      receipt: {
        number: n.invoice.id,
        paidAt: new Date().toISOString(),
        timeZone,
        lines: [{ name: t('mail.renewal.line', { name, until }), amountCents: n.invoice.amountCents }],
        serviceFeeCents: 0,
        totalCents: n.invoice.amountCents,
        currency: n.order.currency,
      },
    });
  }
  if (n.kind === 'payment-failed' && n.invoice) {
    const live = isLive(n.sub);
    await deliver(deps.mailer, deps.log, 'payment-failed', user.email, {
      ...base,
      notice: {
        subject: t(live ? 'mail.paymentFailed.subjectLive' : 'mail.paymentFailed.subjectEnded', { name }),
        paragraphs: live
          ? [t('mail.paymentFailed.live', { amount: money(n.invoice.amountCents), name }), t('mail.paymentFailed.retry')]
          : [t('mail.paymentFailed.ended', { amount: money(n.invoice.amountCents), name })],
        action: t('mail.seeOrder'),
      },
    });
  }
  if (n.kind === 'trial-ending' && n.sub.trialEnd) {
    const price = n.sub.amountCents > 0 ? n.sub.amountCents : null;
    await deliver(deps.mailer, deps.log, 'trial-ending', user.email, {
      ...base,
      notice: {
        subject: t('mail.trial.subject', { name }),
        paragraphs: [
          `${t('mail.trial.ends', { date: formatLongDate(n.sub.trialEnd, timeZone, locale) })} ${
            n.sub.cancelAtPeriodEnd ? t('mail.trial.cancelled') : price ? t('mail.trial.chargedAmount', { amount: money(price) }) : t('mail.trial.charged')
          }`,
          t('mail.trial.cancelAnyTime'),
        ],
        action: t('mail.seeOrder'),
      },
    });
  }
}
