/** The form-level message (wrong password, a channel refusal): announced when it appears. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.length ? errors.map((e) => <p key={e}>{e}</p>) : null}
    </div>
  );
}
