import { SubmitButton } from '~/components/form/SubmitButton';
import { useI18n } from '~/i18n/use-i18n';

/** The promo code the channel accepted on /buy (PromoCodeField applied it): sent with Pay
 *  (`promotion_code`), where the channel checks it again; Remove (intent `remove-coupon`) takes it off. */
export function AppliedCode({ coupon }: { coupon: { code: string; description: string } }) {
  const { t } = useI18n();
  return (
    <div className="promo-code promo-code--applied">
      <input type="hidden" name="promotion_code" value={coupon.code} />
      <p role="status">
        {t('commerce.promo.code')} <strong>{coupon.code}</strong> {t('commerce.promo.applied', { description: coupon.description })}
      </p>
      <SubmitButton intent="remove-coupon" pendingText={t('commerce.promo.removing')} className="button button--secondary">
        {t('commerce.promo.remove')}
      </SubmitButton>
    </div>
  );
}
