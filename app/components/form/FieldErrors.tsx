/** A field's error list (Field, CheckboxField, and the fields a form renders itself): its id is
 *  the field's `aria-describedby`. */
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
