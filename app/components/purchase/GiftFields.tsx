import { getTextareaProps } from '@conform-to/react';
import { GIFT_MESSAGE_MAX } from '#contract/gifts';
import { Field } from '~/components/form/Field';
import { FieldErrors } from '~/components/form/FieldErrors';
import { useIsFirstInvalid, type AnyField } from '~/forms/kit';
import { useI18n } from '~/i18n/use-i18n';

/* Buying a pass as a gift on /buy (ADR 019): `?gift=1` adds the recipient's address and a short
   message to the same form as Pay (plain fields: no JavaScript needed); the recipient is mailed a
   link to redeem it, the buyer gets the receipt. GiftSwitch links between the two ways of buying. */

/** The gift's fields, in the /buy form (its hidden `gift` field says it is one). */
export function GiftFields({ email, message }: { email: AnyField; message: AnyField }) {
  const autoFocus = useIsFirstInvalid(message.name);
  const { key, ...textarea } = getTextareaProps(message, { ariaDescribedBy: message.descriptionId });
  const { t } = useI18n();
  return (
    <fieldset className="gift-fields">
      <legend>{t('commerce.gift.legend')}</legend>
      <p className="field__hint">{t('commerce.gift.hint')}</p>
      <Field meta={email} label={t('commerce.gift.recipient')} type="email" autoComplete="off" inputMode="email" />
      <div className="field">
        <label htmlFor={message.id}>{t('commerce.gift.message')}</label>
        <p id={message.descriptionId} className="field__hint">
          {t('commerce.gift.messageHint', { n: GIFT_MESSAGE_MAX })}
        </p>
        <textarea key={key} {...textarea} rows={3} maxLength={GIFT_MESSAGE_MAX} autoFocus={autoFocus} />
        <FieldErrors id={message.errorId} errors={message.errors} />
      </div>
    </fieldset>
  );
}
