import { Link } from '@remix-run/react';
import { filtersSearch, type EventFilters } from '~/domain/event-filters';

/** The grid and list view links of an events list (/upcoming, the follow pages); they keep the filters. */
export function ViewModes({ pathname, filters }: { pathname: string; filters: EventFilters }) {
  return (
    <ul className="view-modes">
      <ViewLink pathname={pathname} filters={filters} view="grid" label="Grid view" />
      <ViewLink pathname={pathname} filters={filters} view="list" label="List view" />
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
