import type { FieldMetadata } from '@conform-to/react';
import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';

/* A promo code on /buy, in the same form as Pay (routes/buy.tsx): the field with its own Apply
   button, or the code the channel accepted, which rides to Pay in a hidden field, with Remove.
   The summary's discount line is the channel's amount, already formatted. */

interface Applied {
  code: string;
  description: string;
  /** What it took off, formatted ('$0.75'). */
  discount: string;
}

/** The summary's line for the applied code (it never takes off the service fee). */
export function DiscountRow({ coupon }: { coupon: Applied }) {
  return (
    <tr>
      <td>
        Promo code {coupon.code} ({coupon.description})
      </td>
      <td className="amount">−{coupon.discount}</td>
    </tr>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

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

/** The applied code: sent with Pay (`promotion_code`), where the channel checks it again. */
export function AppliedCode({ coupon }: { coupon: Applied }) {
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
