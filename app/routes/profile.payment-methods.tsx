import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { api, paymentMethodId } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { CsrfField } from '~/components/form/CsrfField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { cardLabel } from '~/domain/payment-cards';
import { purchaseMessage } from '~/domain/purchase-messages';
import { intentOf } from '~/forms/intent';
import { refusalToast } from '~/forms/reply.server';
import { seeOtherToProvider, seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';

/* /profile/payment-methods (ADR 018): the fan's saved cards (GET stripe/list-cards), "Add a card"
   — a plain form post to POST /stripe/setup-intent, then the payment provider's page (Stripe
   Checkout in setup mode, or the sandbox's), which comes back here — and Remove for each card.
   Works without JavaScript; the provider's page is a whole-document navigation. */

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Payment methods', 'Your saved cards: add one, or remove one.');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel, session } = requestContext(args);
  const { data } = await channel.asUser(api.listCards, {});
  const { t } = await i18nOf(args);
  return json({
    cards: data.map((c) => ({ id: c.id, label: cardLabel(c, t), default: c.default })),
    csrfToken: await session.csrfToken(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  await requireUser(args);
  const { channel, session } = requestContext(args);
  const intent = intentOf(formData, ['add-card', 'remove-card'] as const);
  try {
    if (intent === 'add-card') {
      const { data } = await channel.asUser(api.setupIntent, { return_url: '/profile/payment-methods' });
      return (
        seeOtherToProvider(data.redirect_url, 'payment-methods') ??
        (await seeOtherWithToast(session, '/profile/payment-methods', {
          type: 'error',
          text: 'Adding a card is not available right now. Please try again later.',
        }))
      );
    }
    if (intent === 'remove-card') {
      const id = paymentMethodId.safeParse(formData.get('payment_method_id'));
      if (!id.success) throw refused(400);
      await channel.asUser(api.deleteCard, { payment_method_id: id.data }, { handles4xx: true });
      return await seeOtherWithToast(session, '/profile/payment-methods', { type: 'success', text: 'Card removed.' });
    }
  } catch (error) {
    return refusalToast(session, '/profile/payment-methods', refusalOf(error), { message: purchaseMessage });
  }
  throw refused(400);
}

export default function PaymentMethods() {
  const { cards } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="tab-heading">
      <h2 id="tab-heading">{t('profile.tab.cards')}</h2>
      {cards.length === 0 ? (
        <p>{t('profile.cards.none')}</p>
      ) : (
        <ul className="saved-cards">
          {cards.map((c) => (
            <li key={c.id}>
              <span>
                {c.label}
                {c.default ? t('profile.cards.default') : ''}
              </span>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="payment_method_id" value={c.id} />
                <button type="submit" name="intent" value="remove-card" className="button button--secondary">
                  {t('commerce.promo.remove')}
                  <span className="sr-only"> {c.label}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post">
        <CsrfField />
        <SubmitButton intent="add-card" pendingText={t('profile.cards.opening')}>
          {t('profile.cards.add')}
        </SubmitButton>
      </Form>
    </section>
  );
}
