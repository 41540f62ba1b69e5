import { SubmitButton } from '~/components/form/SubmitButton';

/** The promo code the channel accepted on /buy (PromoCodeField applied it): sent with Pay
 *  (`promotion_code`), where the channel checks it again; Remove (intent `remove-coupon`) takes it off. */
export function AppliedCode({ coupon }: { coupon: { code: string; description: string } }) {
  return (
    <div className="promo-code promo-code--applied">
      <input type="hidden" name="promotion_code" value={coupon.code} />
      <p role="status">
        Promo code <strong>{coupon.code}</strong> applied: {coupon.description}.
      </p>
      <SubmitButton intent="remove-coupon" pendingText="Removing…" className="button button--secondary">
        Remove
      </SubmitButton>
    </div>
  );
}
