import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { AppForm } from '~/components/form/AppForm';
import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { giftResendRefusal } from '~/domain/orders';
import { pageMeta } from '~/domain/page-meta';
import { purchaseMessage } from '~/domain/purchase-messages';
import { giftResendSchema } from '~/forms/gift';
import { useAppForm } from '~/forms/kit';
import { channelErrorReply } from '~/forms/reply.server';
import { idParamOr404, notFound } from '~/http/not-found.server';
import { seeOther, seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

/* /orders/{id}/gift: the buyer of a gift mails it again (POST /gifts/resend) — the mail was lost,
   or the address was mistyped. A new link goes to the address given here, and the link mailed
   before stops working. Only while the gift is paid and not redeemed; at most once a minute (the
   channel says so). ADR 019. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Send the gift again', 'Mail a gift you gave again, to the same or a corrected address.');

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  await requireUser(args);
  const { data: order } = await requestContext(args).channel.asUser(api.orderDetail, { id });
  // No gift, nothing to send; a failed one has nothing to send either (its order page says why).
  if (!order.gift) throw notFound();
  if (order.status === 'failed') throw seeOther(`/orders/${id}`);
  return json({
    id: order.id,
    product: order.product.name,
    recipient: order.gift.recipient_email,
    // Redeemed (even while the form was open: a no-JS post lands here again), or not paid yet.
    refusal: giftResendRefusal(order),
    csrfToken: await requestContext(args).session.csrfToken(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  const id = idParamOr404(args.params.id);
  await requireUser(args);
  const submission = parseWithZod(formData, { schema: giftResendSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const { recipient_email } = submission.value;
  try {
    await requestContext(args).channel.asUser(api.resendGift, { order_id: id, recipient_email });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: ['recipient_email'], message: purchaseMessage });
  }
  const { t } = await i18nOf(args);
  return seeOtherWithToast(requestContext(args).session, `/orders/${id}`, { type: 'success', text: t('commerce.gift.resent', { email: recipient_email }) });
}

export default function ResendGift() {
  const { id, product, recipient, refusal } = useLoaderData<typeof loader>();
  const { t, sentence } = useI18n();
  return (
    <div className="page page--narrow">
      <h1>{t('commerce.order.sendGiftAgain')}</h1>
      {refusal ? (
        <>
          <p role="status">{sentence(refusal)}</p>
          <p>
            <Link to={`/orders/${id}`}>{t('commerce.gift.backToOrder')}</Link>
          </p>
        </>
      ) : (
        <ResendForm id={id} product={product} recipient={recipient} />
      )}
    </div>
  );
}

function ResendForm({ id, product, recipient }: { id: number; product: string; recipient: string }) {
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({ id: 'gift-resend', schema: giftResendSchema, lastResult, defaultValue: { recipient_email: recipient } });
  const { t } = useI18n();
  return (
    <>
      <p>
        {t('commerce.gift.weMail')} <strong>{product}</strong> {t('commerce.gift.weMailAfter')}
      </p>
      <AppForm kit={kit}>
        <Field meta={kit.fields.recipient_email} label={t('commerce.gift.recipient')} type="email" autoComplete="off" inputMode="email" />
        <div className="form-actions">
          <SubmitButton pendingText={t('profile.sending')}>{t('commerce.gift.send')}</SubmitButton>
          <Link to={`/orders/${id}`}>{t('commerce.gift.backToOrder')}</Link>
        </div>
      </AppForm>
    </>
  );
}
