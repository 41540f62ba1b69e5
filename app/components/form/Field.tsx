import { getInputProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useIsFirstInvalid, type AnyField } from '~/forms/kit';
import { FieldErrors } from './FieldErrors';

/* One labelled input wired for assistive technology: <label for>, aria-invalid, aria-describedby
   (hint and errors), and the error list. Errors come from the server's lastResult (so they show
   without JavaScript) or from conform's validation as the fan types. */

type InputType = 'text' | 'email' | 'password' | 'hidden' | 'date';

interface FieldProps {
  meta: AnyField;
  label: string;
  type?: InputType;
  autoComplete: string;
  hint?: ReactNode;
  inputMode?: 'email' | 'text';
  /** Shown beside the input (the Clip form's "Set start"). Null keeps the row with nothing in it,
   *  so the input is not remounted when the action appears (with JavaScript, once hydrated). */
  action?: ReactNode;
}

export function Field({ meta, label, type = 'text', autoComplete, hint, inputMode, action }: FieldProps) {
  // The first invalid field of a form the server sent back (focus without JavaScript).
  const autoFocus = useIsFirstInvalid(meta.name);
  const { key, ...input } = getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined });
  const field = <input key={key} {...input} autoComplete={autoComplete} autoFocus={autoFocus} inputMode={inputMode} />;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p id={meta.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {action === undefined ? (
        field
      ) : (
        <div className="field__row">
          {field}
          {action}
        </div>
      )}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
