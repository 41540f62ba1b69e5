import { useI18n } from '~/i18n/use-i18n';
/** The From and To day fields of a list's filters (/upcoming, My games): calendar days, sent as
 *  `from` and `to` (app/domain/dates.ts turns them into epoch seconds). */
export function DateRangeFields({ idPrefix, from, to }: { idPrefix: string; from: string | null | undefined; to: string | null | undefined }) {
  const { t } = useI18n();
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>{t('lists.filter.from')}</label>
        <input id={`${idPrefix}-from`} type="date" name="from" defaultValue={from ?? ''} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>{t('lists.filter.to')}</label>
        <input id={`${idPrefix}-to`} type="date" name="to" defaultValue={to ?? ''} />
      </div>
    </>
  );
}
