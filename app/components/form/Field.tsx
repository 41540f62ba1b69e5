import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useIsFirstInvalid } from '~/forms/kit';

/* One labelled input wired for assistive technology: <label for>, aria-invalid, aria-describedby
   (hint and errors), and the error list. Errors come from the server's lastResult (so they show
   without JavaScript) or from conform's validation as the fan types. */

type InputType = 'text' | 'email' | 'password' | 'hidden';

/** Any field's metadata: schemas that trim or coerce their input type it as unknown. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

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

interface CheckboxProps {
  meta: AnyField;
  children: ReactNode;
}

/** A checkbox whose label may hold links (terms & conditions). */
export function CheckboxField({ meta, children }: CheckboxProps) {
  const autoFocus = useIsFirstInvalid(meta.name);
  const { key, ...input } = getInputProps(meta, { type: 'checkbox' });
  return (
    <div className="field field--checkbox">
      <input key={key} {...input} autoFocus={autoFocus} />
      <label htmlFor={meta.id}>{children}</label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="field__errors">
      {errors?.length ? (
        <ul>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The form-level message (wrong password, a channel refusal): announced when it appears. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.length ? errors.map((e) => <p key={e}>{e}</p>) : null}
    </div>
  );
}
