import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { useI18n } from '~/i18n/use-i18n';

/** A read-only text a fan copies (an address): selectable without JavaScript, with a Copy button
 *  once the page runs it. */
export function CopyField({ id, label, hint, value }: { id: string; label: string; hint?: string; value: string }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState('');
  const { t } = useI18n();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(t('follow.copy.copied'));
    } catch {
      setSaid(t('follow.copy.failed'));
    }
  };
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="copy-field__row">
        <input id={id} type="text" readOnly value={value} aria-describedby={hint ? `${id}-hint` : undefined} onFocus={(e) => e.currentTarget.select()} />
        {hydrated ? (
          <button type="button" className="button button--quiet" onClick={copy}>
            {t('follow.copy')}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      <span role="status" className="copy-field__status">
        {said}
      </span>
    </div>
  );
}
