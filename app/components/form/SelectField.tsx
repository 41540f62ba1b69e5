import { getSelectProps } from '@conform-to/react';
import { useIsFirstInvalid, type AnyField } from '~/forms/kit';
import { FieldErrors } from './FieldErrors';

/* A labelled <select> wired as Field is (label, aria-invalid, aria-describedby, errors). Its first
   option is the empty "Choose…": nothing is picked for the fan. */
export function SelectField({ meta, label, options }: { meta: AnyField; label: string; options: readonly string[] }) {
  const autoFocus = useIsFirstInvalid(meta.name);
  const { key, ...select } = getSelectProps(meta);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select key={key} {...select} autoFocus={autoFocus}>
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
