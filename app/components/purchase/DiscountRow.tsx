import { useI18n } from '~/i18n/use-i18n';

/* A promo code on /buy (PromoCodeField, AppliedCode): the summary's discount line is the
   channel's amount, already formatted. */

interface Applied {
  code: string;
  description: string;
  /** What it took off, formatted ('$0.75'). */
  discount: string;
}

/** The summary's line for the applied code (it never takes off the service fee). */
export function DiscountRow({ coupon }: { coupon: Applied }) {
  const { t } = useI18n();
  return (
    <tr>
      <td>{t('commerce.promo.line', { code: coupon.code, description: coupon.description })}</td>
      <td className="amount">−{coupon.discount}</td>
    </tr>
  );
}
