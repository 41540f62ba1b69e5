import { useI18n } from '~/i18n/use-i18n';
/** A field's error list (Field, CheckboxField, and the fields a form renders itself): its id is
 *  the field's `aria-describedby`. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  // The schemas' and the channel's messages are the spec's English: written in the fan's language here.
  const { sentence } = useI18n();
  return (
    <div id={id} className="field__errors">
      {errors?.length ? (
        <ul>
          {errors.map((e) => (
            <li key={e}>{sentence(e)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
