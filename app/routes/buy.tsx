import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { AppForm } from '~/components/form/AppForm';
import { SubmitButton } from '~/components/form/SubmitButton';
import { AppliedCode } from '~/components/purchase/AppliedCode';
import { DiscountRow } from '~/components/purchase/DiscountRow';
import { GiftFields } from '~/components/purchase/GiftFields';
import { GiftSwitch } from '~/components/purchase/GiftSwitch';
import { PayWith } from '~/components/purchase/PayWith';
import { PromoCodeField } from '~/components/purchase/PromoCodeField';
import { pageMeta } from '~/domain/page-meta';
import { intentOf } from '~/forms/intent';
import { useAppForm } from '~/forms/kit';
import { BUY_INTENTS, buyFormSchema, buyHref, type WantedPurchase } from '~/forms/purchase';
import { useI18n } from '~/i18n/use-i18n';
import type { action, loader } from '~/loaders/buy.server';
import formsCss from '~/styles/forms.css';

/* /buy (spec section 2): one summary for whatever is being bought — a single event, a package with
   its choices, a subscription — in the channel's amounts (the web app prices nothing), then one
   plain form post that sends the fan to the payment provider's checkout. A signed-in, private
   page: a visitor logs in and comes back here (requireUser). The form carries an idempotency key
   made for this page, so a double click or a resubmitted form is one purchase.
   A promo code is applied in the same form (Apply, intent `apply-coupon`): the action answers the
   channel's quote with the code (apply_coupon), or 'Wrong promo code' on the field; the page
   shows that summary, and the code rides in a hidden field to Pay, where the channel checks it
   again and recomputes the total. Applying or removing a code keeps the page's idempotency key.
   A fan with saved cards chooses one, or a new card, under "Pay with" (ADR 018): a saved card is
   charged at once (the order page next, or the bank's page first); a new card goes to the
   checkout. Subscriptions are always paid on the checkout, which sets up their renewals.
   The quote and the payment are worked out in app/loaders/buy.server.ts; this is the page. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Checkout', 'Review what you are buying, then pay by card.');

export { action, loader } from '~/loaders/buy.server';

/** Applying or removing a code answers the summary itself: the loader need not quote again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = intentOf(formData, BUY_INTENTS);
  return intent === 'apply-coupon' || intent === 'remove-coupon' ? false : defaultShouldRevalidate;
};

export default function Buy() {
  const loaded = useLoaderData<typeof loader>();
  const { wanted, problem, cards } = loaded;
  const answered = useActionData<typeof action>();
  const summary = answered?.summary ?? loaded.summary;
  const formKey = answered?.idempotencyKey ?? loaded.idempotencyKey;
  const kit = useAppForm({ id: 'buy', schema: buyFormSchema, lastResult: answered?.result });
  const { t, sentence } = useI18n();
  return (
    <div className="page page--buy">
      <h1>{wanted.gift ? t('commerce.buy.giftTitle') : t('commerce.buy.title')}</h1>
      {problem || !summary ? (
        <div className="notice notice--problem" role="alert">
          <p>{problem ? sentence(problem) : null}</p>
          <p>
            <Link to="/packages">{t('commerce.seePackages')}</Link>
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="summary-heading" className="purchase-summary">
            <h2 id="summary-heading">{summary.product}</h2>
            <table className="summary-table">
              <caption className="sr-only">{t('commerce.buy.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('commerce.buy.item')}</th>
                  <th scope="col" className="amount">
                    {t('commerce.buy.price')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.lines.map((l) => (
                  <tr key={l.name}>
                    <td>{l.name}</td>
                    <td className="amount">{l.amount}</td>
                  </tr>
                ))}
                {summary.coupon ? <DiscountRow coupon={summary.coupon} /> : null}
                {summary.serviceFee ? (
                  <tr>
                    <td>{t('commerce.serviceFee')}</td>
                    <td className="amount">{summary.serviceFee}</td>
                  </tr>
                ) : null}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('commerce.buy.total', { currency: summary.currency })}</th>
                  <td className="amount">{summary.total}</td>
                </tr>
              </tfoot>
            </table>
            {summary.trialDays ? <p className="purchase-summary__trial">{t('commerce.buy.trialFree', { n: summary.trialDays })}</p> : null}
            {summary.billing ? (
              <p>
                {t('commerce.buy.dueToday')} <strong>{summary.billing.dueToday}</strong>. {summary.billing.next}
              </p>
            ) : null}
            {summary.type === 'package' ? <GiftSwitch gift={Boolean(wanted.gift)} href={buyHref({ ...wanted, gift: wanted.gift ? undefined : '1' })} /> : null}
            {/* A trial asked for (`trial=1`) that the channel does not offer this fan: one per fan (ADR 027). */}
            {summary.trialRefused ? <p role="status">{t('commerce.buy.trialRefused')}</p> : null}
            {summary.trialOffer ? (
              <p>
                <Link to={buyHref({ ...wanted, trial: '1' })}>{t('commerce.buy.trialInstead', { n: summary.trialOffer })}</Link>
              </p>
            ) : null}
            <p className="purchase-summary__final">{t('commerce.allSalesFinal')}</p>
          </section>
          <AppForm kit={kit}>
            <PurchaseFields wanted={wanted} />
            <input type="hidden" name="idempotency_key" value={formKey ?? ''} />
            {wanted.gift ? <GiftFields email={kit.fields.gift_email} message={kit.fields.gift_message} /> : null}
            {/* Before Pay: Enter in the code field applies it (a form's default button is its first). */}
            {summary.coupon ? <AppliedCode coupon={summary.coupon} /> : <PromoCodeField meta={kit.fields.code} />}
            {cards.length > 0 ? <PayWith meta={kit.fields.payment_method} cards={cards} /> : null}
            <p className="field__hint" id="pay-hint">
              {cards.length > 0 ? t('commerce.buy.hintCards') : summary.testMode ? t('commerce.buy.hintTest') : t('commerce.buy.hintStripe')}
            </p>
            <div className="form-actions">
              <SubmitButton intent="buy" pendingText={t('commerce.buy.opening')}>
                {summary.trialDays ? t('commerce.startTrial') : t('commerce.buy.pay', { total: summary.total })}
              </SubmitButton>
              <Link to={backTo(wanted)}>{t('commerce.back')}</Link>
            </div>
          </AppForm>
        </>
      )}
    </div>
  );
}

/** What is being bought, as the form posts it again (the same ids the summary was made from). */
function PurchaseFields({ wanted }: { wanted: WantedPurchase }) {
  return (
    <>
      {wanted.event ? <input type="hidden" name="event" value={wanted.event} /> : null}
      {wanted.package ? <input type="hidden" name="package" value={wanted.package} /> : null}
      {wanted.subscription ? <input type="hidden" name="subscription" value={wanted.subscription} /> : null}
      {wanted.addon ? <input type="hidden" name="addon" value={wanted.addon} /> : null}
      {wanted.trial ? <input type="hidden" name="trial" value="1" /> : null}
      {wanted.gift ? <input type="hidden" name="gift" value="1" /> : null}
      {wanted.category?.map((c) => (
        <input key={`c${c}`} type="hidden" name="category" value={c} />
      ))}
      {wanted.team?.map((t) => (
        <input key={`t${t}`} type="hidden" name="team" value={t} />
      ))}
    </>
  );
}

/** The page the offer came from. */
function backTo(wanted: WantedPurchase): string {
  if (wanted.event) return `/watch/${wanted.event}`;
  if (wanted.package) return `/select-package/${wanted.package}`;
  return '/packages';
}
