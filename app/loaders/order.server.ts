import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { api, type Order } from '#contract';
import { channelZone, formatDate, formatDateTime } from '#contract/dates';
import { formatMoney } from '#contract/money';
import { requireUser } from '~/auth/sign-in.server';
import { googleTagId, purchaseEvent } from '~/domain/google-tag';
import { canCancelRenewal, canResendGift, giftState, ORDER_POLL_SECONDS, orderLabel, orderLinks, paymentFlow, renewalLabel } from '~/domain/orders';
import { priceTitle } from '~/domain/price-title';
import { idParamOr404 } from '~/http/not-found.server';
import { pollWhilePending } from '~/http/polling.server';
import { requestContext } from '~/http/request-context.server';
import type { AppTranslator } from '~/i18n/english';
import { i18nOf } from '~/i18n/locale.server';

/* /orders/{id}'s loader (the page: app/routes/orders.$id.tsx): the order as the page shows it,
   waited on for up to one poll interval when a refresh without JavaScript asks
   (app/http/polling.server.ts). */

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  await requireUser(args);
  const { channel, session } = requestContext(args);
  const { value: order, refresh } = await pollWhilePending(
    args.request,
    { path: `/orders/${id}`, everySeconds: ORDER_POLL_SECONDS, pending: (o: Order) => paymentFlow(o) === 'processing' },
    async () => (await channel.asUser(api.orderDetail, { id })).data,
  );
  const boot = await channel.bootstrap();
  const timeZone = channelZone(boot.settings);
  const i18n = await i18nOf(args);
  const plan = order.type === 'subscription' ? boot.subscriptions.find((s) => s.id === order.product.id) : undefined;
  return json({
    ...orderView(order, timeZone, i18n),
    subscription: subscriptionView(order, plan ? priceTitle(plan, boot.settings.currency, i18n) : null, timeZone, i18n),
    csrfToken: canCancelRenewal(order) ? await session.csrfToken() : null,
    refresh,
    // A paid order's one `purchase` for the channel's Google tag (ADR 051; sent by the page once).
    purchase: paymentFlow(order) === 'success' && googleTagId(boot.settings['google-analytics']) ? purchaseEvent(order) : null,
  });
}

function orderView(order: Order, timeZone: string, { t, sentence, locale }: AppTranslator) {
  const links = orderLinks(order);
  const gift = giftState(order);
  return {
    id: order.id,
    flow: paymentFlow(order),
    label: sentence(orderLabel(order)),
    product: order.product.name,
    amount: formatMoney(order.amount, order.currency, locale),
    serviceFee: order.service_fee > 0 ? formatMoney(order.service_fee, order.currency, locale) : null,
    date: formatDateTime(order.created_at, timeZone, locale),
    dateIso: order.created_at,
    accessUntil: order.access_until ? formatDateTime(order.access_until, timeZone, locale) : null,
    reason: sentence(order.failure_reason ?? 'The payment did not go through.'),
    next: order.gift ? { href: '/profile/transactions', label: t('commerce.order.seeTransactions') } : { ...links.next, label: sentence(links.next.label) },
    retry: links.retry,
    gift: gift ? { to: gift.to, state: sentence(gift.state) } : null,
    giftResend: canResendGift(order),
  };
}

export type OrderView = ReturnType<typeof orderView>;

/** A paid subscription's renewal (spec: 'Auto-Renewal' / 'Auto-Renewal Cancelled'), its trial and dates. */
function subscriptionView(order: Order, price: string | null, timeZone: string, { t, sentence, locale }: AppTranslator) {
  const label = renewalLabel(order);
  if (!label) return null;
  const trial = order.trial_ends_at && Date.parse(order.trial_ends_at) > Date.now() ? formatDate(order.trial_ends_at, timeZone, locale) : null;
  const until = order.access_until ? formatDate(order.access_until, timeZone, locale) : null;
  return {
    label: sentence(label),
    trial: trial ? (order.auto_renew && price ? t('commerce.order.trialThen', { date: trial, price }) : t('commerce.order.trialUntil', { date: trial })) : null,
    dates: order.auto_renew
      ? until
        ? t('commerce.order.renews', { date: until })
        : null
      : until
        ? t('commerce.order.keepUntil', { date: until })
        : t('commerce.order.keepNoRenew'),
    canCancel: canCancelRenewal(order),
  };
}
