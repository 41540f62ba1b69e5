import { Link } from '@remix-run/react';
import { filtersSearch, type EventFilters } from '~/domain/event-filters';
import { useI18n } from '~/i18n/use-i18n';

/** The grid and list view links of an events list (/upcoming, the follow pages); they keep the filters. */
export function ViewModes({ pathname, filters }: { pathname: string; filters: EventFilters }) {
  const { t } = useI18n();
  return (
    <ul className="view-modes">
      <ViewLink pathname={pathname} filters={filters} view="grid" label={t('lists.view.grid')} />
      <ViewLink pathname={pathname} filters={filters} view="list" label={t('lists.view.list')} />
    </ul>
  );
}

function ViewLink({ pathname, filters, view, label }: { pathname: string; filters: EventFilters; view: EventFilters['view']; label: string }) {
  const active = filters.view === view;
  return (
    <li>
      <Link
        to={`${pathname}${filtersSearch(filters, { view })}`}
        className={active ? 'view-mode view-mode--active' : 'view-mode'}
        aria-current={active ? 'true' : undefined}
        preventScrollReset
      >
        <span className={`view-mode__icon view-mode__icon--${view}`} aria-hidden="true" />
        {label}
      </Link>
    </li>
  );
}
