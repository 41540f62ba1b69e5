import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { CsrfField } from '~/components/form/CsrfField';
import { PollingRefresh } from '~/components/PollingRefresh';
import { PurchaseEvent } from '~/components/PurchaseEvent';
import { ORDER_POLL_SECONDS } from '~/domain/orders';
import { pageMeta } from '~/domain/page-meta';
import { useI18n } from '~/i18n/use-i18n';
import type { loader, OrderView } from '~/loaders/order.server';
import formsCss from '~/styles/forms.css';

/* /orders/{id}: where a fan lands after paying (the checkout's success address). It shows the
   payment flow of spec section 4 — processing, then success or error — and checks again every
   2 seconds (spec: order polling every 2 s) until the order is paid or failed: with JavaScript a
   revalidation; without, a refresh with no delay, answered by the loader within 2 seconds (it
   waits on the channel for up to that long, and answers at once when the order settles: the one
   poll, app/http/polling.server.ts). Polling stops after 5 minutes with a link to check again. A failed order is shown in a dialog (modal with
   JavaScript; without, the page itself shows it). Asking the channel about an order still waiting
   settles it with the payment provider, so a late webhook or a closed tab changes nothing.
   Another fan's order does not exist here (404). ADR 015. The loader: app/loaders/order.server.ts. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data ? TITLES[data.flow] : 'Your order', 'The state of your order and its payment.');

const TITLES = { processing: 'Processing your payment', success: 'Payment received', error: 'Payment failed' } as const;
const TITLE_IDS = { processing: 'commerce.order.processing', success: 'commerce.order.received', error: 'commerce.order.failed' } as const;

export { loader } from '~/loaders/order.server';

export default function OrderPage() {
  const order = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page page--narrow page--order">
      <PollingRefresh refresh={order.refresh} seconds={ORDER_POLL_SECONDS} />
      {order.purchase ? <PurchaseEvent purchase={order.purchase} /> : null}
      <h1>{t(TITLE_IDS[order.flow])}</h1>
      <div role="status" className="order-status">
        {order.flow === 'processing' && order.refresh ? (
          <p>{t('commerce.order.waiting', { n: ORDER_POLL_SECONDS })}</p>
        ) : order.flow === 'processing' ? (
          <p>
            {t('commerce.order.stillWaiting')} <Link to={`/orders/${order.id}`}>{t('commerce.order.checkAgain')}</Link>
          </p>
        ) : order.flow === 'success' && order.gift ? (
          <p>{t('commerce.order.giftPaid', { to: order.gift.to })}</p>
        ) : order.flow === 'success' ? (
          <p>{t('commerce.order.paid')}</p>
        ) : (
          <p>{t('commerce.order.notThrough')}</p>
        )}
      </div>
      <OrderDetails order={order} />
      {order.giftResend ? (
        <p>
          {t('commerce.order.mailLost')} <Link to={`/orders/${order.id}/gift`}>{t('commerce.order.sendGiftAgain')}</Link>
        </p>
      ) : null}
      {order.flow === 'success' ? (
        <p>
          <Link className="button" to={order.next.href}>
            {order.next.label}
          </Link>
        </p>
      ) : order.flow === 'processing' ? (
        <p>
          {t('commerce.order.changedMind')} <Link to={order.retry}>{t('commerce.order.goBack')}</Link>
        </p>
      ) : null}
      {order.subscription ? (
        <section aria-labelledby="subscription-heading" className="order-subscription">
          <h2 id="subscription-heading">{t('commerce.order.yourSubscription')}</h2>
          <p>
            <strong>{order.subscription.label}</strong>
          </p>
          {order.subscription.trial ? <p>{order.subscription.trial}</p> : null}
          {order.subscription.dates ? <p>{order.subscription.dates}</p> : null}
          {order.subscription.canCancel ? <CancelRenewal orderId={order.id} /> : null}
          <p>
            <a href={`/billing?from=/orders/${order.id}`}>{t('commerce.order.manageBilling')}</a>
          </p>
        </section>
      ) : null}
      {order.flow === 'error' ? <FailedOrder order={order} /> : null}
    </div>
  );
}

function OrderDetails({ order }: { order: OrderView }) {
  const { t } = useI18n();
  return (
    <dl className="order-details">
      <dt>{t('commerce.order.order')}</dt>
      <dd>#{order.id}</dd>
      <dt>{t('commerce.order.product')}</dt>
      <dd>{order.product}</dd>
      <dt>{t('commerce.order.amount')}</dt>
      <dd>
        {order.amount}
        {order.serviceFee ? t('commerce.order.feeIncluded', { fee: order.serviceFee }) : ''}
      </dd>
      <dt>{t('commerce.order.status')}</dt>
      <dd>{order.label}</dd>
      {order.gift ? (
        <>
          <dt>{t('commerce.order.giftTo')}</dt>
          <dd>
            {order.gift.to} ({order.gift.state})
          </dd>
        </>
      ) : null}
      <dt>{t('commerce.order.date')}</dt>
      <dd>
        <time dateTime={order.dateIso}>{order.date}</time>
      </dd>
      {order.accessUntil ? (
        <>
          <dt>{t('commerce.order.accessUntil')}</dt>
          <dd>{order.accessUntil}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The failed order in a dialog (spec: a failed order rejects with the order and a popup). The
 *  server renders it open, so without JavaScript it is part of the page; with JavaScript it
 *  becomes modal (focus inside, Escape closes). */
function FailedOrder({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d?.open && typeof d.showModal === 'function') {
      d.close();
      d.showModal();
    }
  }, []);
  return (
    <dialog ref={dialog} open className="order-dialog" aria-labelledby="order-failed-title" aria-describedby="order-failed-reason">
      <h2 id="order-failed-title">{t('commerce.order.notPaid', { id: order.id })}</h2>
      <p id="order-failed-reason" className="order-dialog__reason">
        {order.reason}
      </p>
      <p>
        {order.product}: {order.amount}
      </p>
      <div className="form-actions">
        <Link className="button" to={order.retry}>
          {t('commerce.order.tryAgain')}
        </Link>
        <form method="dialog">
          <button type="submit" className="button button--secondary">
            {t('commerce.order.close')}
          </button>
        </form>
      </div>
    </dialog>
  );
}

/** Cancelling the renewal (spec: renewal cancellation processing → finished, or cancelled when the
 *  fan dismisses it). Without JavaScript a link to the confirmation page; with it, a native dialog
 *  that posts to the same page's action. */
function CancelRenewal({ orderId }: { orderId: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher();
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'asking' | 'processing' | 'finished' | 'cancelled'>('idle');
  useEffect(() => {
    if (state === 'processing' && fetcher.state === 'idle') {
      setState('finished');
      dialog.current?.close();
    }
  }, [fetcher.state, state]);
  const words = {
    idle: '',
    asking: '',
    processing: t('commerce.renewal.cancellingStatus'),
    finished: t('commerce.renewal.cancelled'),
    cancelled: t('commerce.renewal.nothingChanged'),
  };
  return (
    <>
      <p>
        <Link
          to={`/orders/${orderId}/cancel`}
          className="button button--secondary"
          onClick={(event) => {
            if (!dialog.current?.showModal) return;
            event.preventDefault();
            setState('asking');
            dialog.current.showModal();
          }}
        >
          {t('commerce.renewal.cancel')}
        </Link>
      </p>
      <p role="status" className="sr-only">
        {words[state]}
      </p>
      <dialog ref={dialog} className="order-dialog" aria-labelledby="cancel-renewal-title" onClose={() => setState((s) => (s === 'asking' ? 'cancelled' : s))}>
        <h2 id="cancel-renewal-title">{t('commerce.renewal.ask')}</h2>
        <p>{t('commerce.renewal.keepWatching')}</p>
        <fetcher.Form method="post" action={`/orders/${orderId}/cancel`} onSubmit={() => setState('processing')}>
          <CsrfField />
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={state === 'processing' || undefined}>
              {state === 'processing' ? t('account.cancelling') : t('commerce.renewal.cancel')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
              {t('commerce.renewal.keep')}
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}
