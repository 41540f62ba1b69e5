import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import type { AnyField } from '~/forms/kit';
import { useI18n } from '~/i18n/use-i18n';

/* A promo code on /buy, in the same form as Pay (routes/buy.tsx): this field with its own Apply
   button, or the code the channel accepted (AppliedCode), which rides to Pay in a hidden field,
   with Remove; the summary's line for it: DiscountRow. */

/** "Promo code" and Apply (intent `apply-coupon`): the channel answers the summary with it, or
 *  'Wrong promo code' on the field. */
export function PromoCodeField({ meta }: { meta: AnyField }) {
  const { t } = useI18n();
  return (
    <div className="promo-code">
      <Field meta={meta} label={t('commerce.promo.code')} autoComplete="off" />
      <SubmitButton intent="apply-coupon" pendingText={t('commerce.promo.applying')} className="button button--secondary">
        {t('commerce.promo.apply')}
      </SubmitButton>
    </div>
  );
}
