import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import type { AnyField } from '~/forms/kit';

/* A promo code on /buy, in the same form as Pay (routes/buy.tsx): this field with its own Apply
   button, or the code the channel accepted (AppliedCode), which rides to Pay in a hidden field,
   with Remove; the summary's line for it: DiscountRow. */

/** "Promo code" and Apply (intent `apply-coupon`): the channel answers the summary with it, or
 *  'Wrong promo code' on the field. */
export function PromoCodeField({ meta }: { meta: AnyField }) {
  return (
    <div className="promo-code">
      <Field meta={meta} label="Promo code" autoComplete="off" />
      <SubmitButton intent="apply-coupon" pendingText="Applying…" className="button button--secondary">
        Apply
      </SubmitButton>
    </div>
  );
}
