import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api, GIFT_MSG, giftToken } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { CsrfField } from '~/components/form/CsrfField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { purchaseMessage } from '~/domain/purchase-messages';
import { refusalReply } from '~/forms/reply.server';
import { notFound } from '~/http/not-found.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

/* /gift/{token}: the link a gift's recipient is mailed (ADR 019). A signed-in, private page: a
   visitor logs in or registers and comes back here (requireUser). It shows what was given, by
   whom, with their message, and a Redeem form (a plain post, CSRF-checked): the channel makes
   the fan's own order of the pass, once; the fan lands on that order. The link is the proof, so
   any signed-in fan may redeem it, except its buyer. An unknown link is not found (/404). */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Your gift', 'Redeem a pass someone gave you.');

/** The token of the link, or /404 (a link that cannot be one is never sent to the channel). */
function tokenOr404(value: string | undefined): string {
  const parsed = giftToken.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export async function loader(args: LoaderFunctionArgs) {
  const token = tokenOr404(args.params.token);
  await requireUser(args);
  // An unknown token is a 404 of the channel, which ends on /404.
  const { channel, session } = requestContext(args);
  const { data: gift } = await channel.asUser(api.giftDetail, { token });
  return json({ gift, csrfToken: await session.csrfToken() });
}

export async function action(args: ActionFunctionArgs) {
  await readForm(args);
  const token = tokenOr404(args.params.token);
  await requireUser(args);
  const { channel, session } = requestContext(args);
  try {
    const { data: order } = await channel.asUser(api.redeemGift, { token }, { handles4xx: true });
    const { t } = await i18nOf(args);
    return await seeOtherWithToast(session, `/orders/${order.id}`, { type: 'success', text: t('commerce.gift.redeemedToast') });
  } catch (error) {
    const reply = refusalReply(refusalOf(error), { message: purchaseMessage });
    return json({ error: reply.message }, reply.init);
  }
}

export default function GiftPage() {
  const { gift } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.error;
  const redeemable = !gift.redeemed && !gift.given_by_you;
  const { t, sentence } = useI18n();
  return (
    <div className="page page--narrow">
      <h1>{gift.given_by_you ? t('commerce.gift.youGave') : t('commerce.gift.from', { from: gift.from })}</h1>
      <section aria-labelledby="gift-heading" className="purchase-summary">
        <h2 id="gift-heading">{gift.product}</h2>
        <ul>
          {gift.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{t('commerce.gift.for', { email: gift.recipient_email })}</p>
        {gift.message ? (
          <figure className="gift-message">
            <blockquote>
              {gift.message.split('\n').map((line, i) => (
                <p key={i}>{line}</p>
              ))}
            </blockquote>
            <figcaption>— {gift.from}</figcaption>
          </figure>
        ) : null}
      </section>
      {refused ? (
        // A refused redemption (redeemed meanwhile, say): said once, whatever the page shows now.
        <div className="notice notice--problem" role="alert">
          <p>{sentence(refused)}</p>
        </div>
      ) : gift.redeemed ? (
        <p className="notice" role="status">
          {sentence(GIFT_MSG.redeemed)}
        </p>
      ) : gift.given_by_you ? (
        <p className="notice">{sentence(GIFT_MSG.ownGift)}</p>
      ) : null}
      {redeemable ? (
        <Form method="post" className="card-form">
          <CsrfField />
          <p>{t('commerce.gift.redeemingGives')}</p>
          <div className="form-actions">
            <SubmitButton pendingText={t('commerce.gift.redeeming')}>{t('commerce.gift.redeem')}</SubmitButton>
          </div>
        </Form>
      ) : (
        <p>
          <Link to="/packages">{t('commerce.seePackages')}</Link>
        </p>
      )}
    </div>
  );
}
