import { getInputProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useIsFirstInvalid, type AnyField } from '~/forms/kit';
import { FieldErrors } from './FieldErrors';

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
