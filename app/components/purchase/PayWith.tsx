import { getCollectionProps } from '@conform-to/react';
import { FieldErrors } from '~/components/form/FieldErrors';
import { useIsFirstInvalid, type AnyField } from '~/forms/kit';
import { NEW_CARD } from '~/forms/purchase';
import { useI18n } from '~/i18n/use-i18n';

/* "Pay with" on /buy (ADR 018): the fan's saved cards and "A new card" as radio buttons in a
   fieldset, none chosen at first; Pay without a choice is 'Please select one of your saved cards
   or enter new one' on the group. The hidden `choose_card` tells the action the page asked. */

export interface CardChoice {
  id: string;
  /** 'Visa ending 4242, expires 12/34'. */
  label: string;
}

export function PayWith({ meta, cards }: { meta: AnyField; cards: CardChoice[] }) {
  const autoFocus = useIsFirstInvalid(meta.name);
  const radios = getCollectionProps(meta, { type: 'radio', options: [...cards.map((c) => c.id), NEW_CARD] });
  const { t } = useI18n();
  const labels = new Map([...cards.map((c) => [c.id, c.label] as const), [NEW_CARD, t('commerce.payWith.newCard')]]);
  return (
    <fieldset className="field choice-list pay-with" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend>{t('commerce.payWith')}</legend>
      <input type="hidden" name="choose_card" value="1" />
      <ul>
        {radios.map(({ key, ...radio }, i) => (
          <li key={key}>
            <input {...radio} autoFocus={autoFocus && i === 0} />
            <label htmlFor={radio.id}>{labels.get(radio.value)}</label>
          </li>
        ))}
      </ul>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
