import { Link } from '@remix-run/react';
import { useI18n } from '~/i18n/use-i18n';

/** The end of a GET filter form: its submit button, and a link back to the list without filters
 *  (none while nothing is chosen: `clearHref` null). "Apply filters" and "Clear filters" unless
 *  the form says otherwise (a division's Find a team: "Show teams", "Clear"). */
export function FilterActions({ clearHref, apply, clear }: { clearHref: string | null; apply?: string; clear?: string }) {
  const { t } = useI18n();
  return (
    <div className="filters__actions">
      <button type="submit" className="button">
        {apply ?? t('lists.filter.apply')}
      </button>
      {clearHref === null ? null : (
        <Link to={clearHref} className="button button--quiet">
          {clear ?? t('lists.filter.clear')}
        </Link>
      )}
    </div>
  );
}
