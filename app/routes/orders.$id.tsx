import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { CsrfField } from '~/components/form/CsrfField';
import { PollingRefresh } from '~/components/PollingRefresh';
import { PurchaseEvent } from '~/components/PurchaseEvent';
import { ORDER_POLL_SECONDS } from '~/domain/orders';
import { pageMeta } from '~/domain/page-meta';
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

export { loader } from '~/loaders/order.server';

export default function OrderPage() {
  const order = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow page--order">
      <PollingRefresh refresh={order.refresh} seconds={ORDER_POLL_SECONDS} />
      {order.purchase ? <PurchaseEvent purchase={order.purchase} /> : null}
      <h1>{TITLES[order.flow]}</h1>
      <div role="status" className="order-status">
        {order.flow === 'processing' && order.refresh ? (
          <p>We are waiting for the payment to be confirmed. This page updates by itself every {ORDER_POLL_SECONDS} seconds.</p>
        ) : order.flow === 'processing' ? (
          <p>
            We are still waiting for the payment to be confirmed. <Link to={`/orders/${order.id}`}>Check again</Link>
          </p>
        ) : order.flow === 'success' && order.gift ? (
          <p>Thank you! Your gift is paid. We mailed {order.gift.to} a link to redeem it, and sent the receipt to your e-mail address.</p>
        ) : order.flow === 'success' ? (
          <p>Thank you! Your order is paid and active. We sent the receipt to your e-mail address.</p>
        ) : (
          <p>Your payment did not go through, and nothing was charged.</p>
        )}
      </div>
      <OrderDetails order={order} />
      {order.giftResend ? (
        <p>
          Mail lost, or the address mistyped? <Link to={`/orders/${order.id}/gift`}>Send the gift again</Link>
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
          Changed your mind? <Link to={order.retry}>Go back</Link>
        </p>
      ) : null}
      {order.subscription ? (
        <section aria-labelledby="subscription-heading" className="order-subscription">
          <h2 id="subscription-heading">Your subscription</h2>
          <p>
            <strong>{order.subscription.label}</strong>
          </p>
          {order.subscription.trial ? <p>{order.subscription.trial}</p> : null}
          {order.subscription.dates ? <p>{order.subscription.dates}</p> : null}
          {order.subscription.canCancel ? <CancelRenewal orderId={order.id} /> : null}
          <p>
            <a href={`/billing?from=/orders/${order.id}`}>Manage billing</a>
          </p>
        </section>
      ) : null}
      {order.flow === 'error' ? <FailedOrder order={order} /> : null}
    </div>
  );
}

function OrderDetails({ order }: { order: OrderView }) {
  return (
    <dl className="order-details">
      <dt>Order</dt>
      <dd>#{order.id}</dd>
      <dt>Product</dt>
      <dd>{order.product}</dd>
      <dt>Amount</dt>
      <dd>
        {order.amount}
        {order.serviceFee ? ` (service fee ${order.serviceFee} included)` : ''}
      </dd>
      <dt>Status</dt>
      <dd>{order.label}</dd>
      {order.gift ? (
        <>
          <dt>Gift to</dt>
          <dd>
            {order.gift.to} ({order.gift.state})
          </dd>
        </>
      ) : null}
      <dt>Date</dt>
      <dd>
        <time dateTime={order.dateIso}>{order.date}</time>
      </dd>
      {order.accessUntil ? (
        <>
          <dt>Access until</dt>
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
      <h2 id="order-failed-title">Order #{order.id} was not paid</h2>
      <p id="order-failed-reason" className="order-dialog__reason">
        {order.reason}
      </p>
      <p>
        {order.product}: {order.amount}
      </p>
      <div className="form-actions">
        <Link className="button" to={order.retry}>
          Try again
        </Link>
        <form method="dialog">
          <button type="submit" className="button button--secondary">
            Close
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
    processing: 'Cancelling the auto-renewal…',
    finished: 'Auto-renewal cancelled.',
    cancelled: 'Nothing changed: auto-renewal is still on.',
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
          Cancel auto-renewal
        </Link>
      </p>
      <p role="status" className="sr-only">
        {words[state]}
      </p>
      <dialog ref={dialog} className="order-dialog" aria-labelledby="cancel-renewal-title" onClose={() => setState((s) => (s === 'asking' ? 'cancelled' : s))}>
        <h2 id="cancel-renewal-title">Cancel auto-renewal?</h2>
        <p>You keep watching until the end of the paid period; nothing is refunded.</p>
        <fetcher.Form method="post" action={`/orders/${orderId}/cancel`} onSubmit={() => setState('processing')}>
          <CsrfField />
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={state === 'processing' || undefined}>
              {state === 'processing' ? 'Cancelling…' : 'Cancel auto-renewal'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
              Keep auto-renewal
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}
