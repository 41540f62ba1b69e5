import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { formatDate } from '#contract/dates';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { CsrfField } from '~/components/form/CsrfField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { canCancelRenewal } from '~/domain/orders';
import { pageMeta } from '~/domain/page-meta';
import { purchaseMessage } from '~/domain/purchase-messages';
import { refusalToast } from '~/forms/reply.server';
import { idParamOr404 } from '~/http/not-found.server';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import formsCss from '~/styles/forms.css';

/* /orders/{id}/cancel: cancelling a subscription's auto-renewal (spec: POST stripe/unsubscribe).
   Without JavaScript this is the confirmation, a page of its own; with it, the order page asks in
   a dialog and posts here. Access lasts to the end of the paid period; nothing is refunded. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Cancel auto-renewal', 'Stop a subscription from renewing.');

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  await requireUser(args);
  const { data: order } = await requestContext(args).channel.asUser(api.orderDetail, { id });
  if (!canCancelRenewal(order)) throw seeOther(`/orders/${id}`);
  return json({
    id: order.id,
    product: order.product.name,
    until: order.access_until ? formatDate(order.access_until, await requestContext(args).channel.timeZone()) : null,
    csrfToken: await requestContext(args).session.csrfToken(),
  });
}

export async function action(args: ActionFunctionArgs) {
  await readForm(args);
  const id = idParamOr404(args.params.id);
  await requireUser(args);
  const { channel, session } = requestContext(args);
  try {
    const { data: order } = await channel.asUser(api.unsubscribe, { order_id: id });
    await session.toast({
      type: 'success',
      text: `Auto-renewal cancelled. You keep watching${order.access_until ? ` until ${formatDate(order.access_until, await channel.timeZone())}` : ' until the end of the paid period'}.`,
    });
  } catch (error) {
    return refusalToast(session, `/orders/${id}`, refusalOf(error), { message: purchaseMessage });
  }
  return seeOther(`/orders/${id}`);
}

export default function CancelRenewal() {
  const { id, product, until } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <h1>Cancel auto-renewal?</h1>
      <p>
        <strong>{product}</strong> will not renew. You keep watching {until ? `until ${until}` : 'until the end of the paid period'}; nothing is refunded.
      </p>
      <Form method="post" className="card-form">
        <CsrfField />
        <div className="form-actions">
          <SubmitButton pendingText="Cancelling…">Cancel auto-renewal</SubmitButton>
          <Link to={`/orders/${id}`}>Keep auto-renewal</Link>
        </div>
      </Form>
    </div>
  );
}
