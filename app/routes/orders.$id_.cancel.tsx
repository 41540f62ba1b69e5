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
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
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
  const { locale } = await i18nOf(args);
  return json({
    id: order.id,
    product: order.product.name,
    until: order.access_until ? formatDate(order.access_until, await requestContext(args).channel.timeZone(), locale) : null,
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
    const { t, locale } = await i18nOf(args);
    await session.toast({
      type: 'success',
      text: order.access_until
        ? t('commerce.renewal.cancelledUntil', { date: formatDate(order.access_until, await channel.timeZone(), locale) })
        : t('commerce.renewal.cancelledEnd'),
    });
  } catch (error) {
    return refusalToast(session, `/orders/${id}`, refusalOf(error), { message: purchaseMessage });
  }
  return seeOther(`/orders/${id}`);
}

export default function CancelRenewal() {
  const { id, product, until } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page page--narrow">
      <h1>{t('commerce.renewal.ask')}</h1>
      <p>
        <strong>{product}</strong> {until ? t('commerce.renewal.willNotRenewUntil', { date: until }) : t('commerce.renewal.willNotRenew')}
      </p>
      <Form method="post" className="card-form">
        <CsrfField />
        <div className="form-actions">
          <SubmitButton pendingText={t('account.cancelling')}>{t('commerce.renewal.cancel')}</SubmitButton>
          <Link to={`/orders/${id}`}>{t('commerce.renewal.keep')}</Link>
        </div>
      </Form>
    </div>
  );
}
