import { useI18n } from '~/i18n/use-i18n';
/** The form-level message (wrong password, a channel refusal): announced when it appears. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { sentence } = useI18n();
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.length ? errors.map((e) => <p key={e}>{sentence(e)}</p>) : null}
    </div>
  );
}
