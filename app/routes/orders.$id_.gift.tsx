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
  return seeOtherWithToast(requestContext(args).session, `/orders/${id}`, {
    type: 'success',
    text: `We mailed the gift to ${recipient_email} with a new link. The link mailed before no longer works.`,
  });
}

export default function ResendGift() {
  const { id, product, recipient, refusal } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <h1>Send the gift again</h1>
      {refusal ? (
        <>
          <p role="status">{refusal}</p>
          <p>
            <Link to={`/orders/${id}`}>Back to the order</Link>
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
  return (
    <>
      <p>
        We mail <strong>{product}</strong> to this address with a new link to redeem it. The link mailed before stops working. Correct the address if it was
        mistyped.
      </p>
      <AppForm kit={kit}>
        <Field meta={kit.fields.recipient_email} label="Recipient's email" type="email" autoComplete="off" inputMode="email" />
        <div className="form-actions">
          <SubmitButton pendingText="Sending…">Send the gift</SubmitButton>
          <Link to={`/orders/${id}`}>Back to the order</Link>
        </div>
      </AppForm>
    </>
  );
}
