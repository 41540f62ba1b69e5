import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useSubmit } from '@remix-run/react';
import type { FormEvent } from 'react';
import { api, type EventCategory } from '#contract';
import { DateRangeFields } from '~/components/DateRangeFields';
import { EventList } from '~/components/EventList';
import { Pagination } from '~/components/Pagination';
import { ViewModes } from '~/components/ViewModes';
import { PAGE_SIZE, eventPageCount, eventsQueryFor, filtersSearch, parseEventFilters } from '~/domain/event-filters';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';

/* /upcoming, and /vod, /live, /schedule (they re-export this module): one list of events. */

interface Option {
  value: number | string;
  label: string;
}

const STATUS_OPTIONS: Option[] = [
  { value: 'live', label: 'Live' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'finished', label: 'On demand' },
];

/** Categories with their sub-categories indented under them, as select options. */
function categoryOptions(categories: EventCategory[], depth = 0): Option[] {
  return categories.flatMap((c) => [{ value: c.id, label: `${'— '.repeat(depth)}${c.name}` }, ...categoryOptions(c.children ?? [], depth + 1)]);
}

export async function loader(args: LoaderFunctionArgs) {
  const boot = await requestContext(args).channel.bootstrap();
  const filters = parseEventFilters(new URL(args.request.url).searchParams);
  const { data: items, meta } = await requestContext(args).channel.shared(api.events, eventsQueryFor(filters));
  const total = meta.total;
  return json({
    filters,
    events: items,
    total,
    sports: categoryOptions(boot['events-categories']),
    // The participant menu lists the schools; it comes with the cached bootstrap data.
    schools: boot.menu.participant_menu.map((p) => ({ value: p.id, label: p.name })),
    locations: boot['events-locations'].map((l) => ({ value: l.id, label: `${l.name}, ${l.city}` })),
  });
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Schedule', 'Every game: live now, upcoming and on demand, by sport, school, place and date.');

export default function Schedule() {
  const { filters, events, total, sports, schools, locations } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const submit = useSubmit();
  // With JS, leave empty fields out of the URL (?status=live, not ?status=live&sport=&school=...).
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v !== '') params.set(k, v);
    submit(params, { method: 'get', action: pathname });
  };
  const pages = eventPageCount(total);
  const first = total === 0 ? 0 : Math.min(total, (filters.page - 1) * PAGE_SIZE + 1);
  const last = Math.min(total, filters.page * PAGE_SIZE);

  return (
    <div className="page page--schedule">
      <h1>Schedule</h1>
      {/* key: after a navigation the fields show the URL's values again. */}
      <Form method="get" action={pathname} role="search" aria-label="Filter events" className="filters" key={filtersSearch(filters)} onSubmit={onSubmit}>
        <Select name="status" label="Status" value={filters.status ?? ''} allLabel="All" options={STATUS_OPTIONS} />
        <Select name="sport" label="Sport" value={filters.sport ?? ''} allLabel="All sports" options={sports} />
        <Select name="school" label="School" value={filters.school ?? ''} allLabel="All schools" options={schools} />
        <Select name="location" label="Location" value={filters.location ?? ''} allLabel="All locations" options={locations} />
        <DateRangeFields idPrefix="filter" from={filters.from} to={filters.to} />
        {filters.view !== 'grid' ? <input type="hidden" name="view" value={filters.view} /> : null}
        <div className="filters__actions">
          <button type="submit" className="button">
            Apply filters
          </button>
          <Link to={filters.view === 'grid' ? pathname : `${pathname}?view=${filters.view}`} className="button button--quiet">
            Clear filters
          </Link>
        </div>
      </Form>

      <div className="list-bar">
        <p className="result-count">{total === 0 ? 'No events' : `Showing ${first}–${last} of ${total} events`}</p>
        <ViewModes pathname={pathname} filters={filters} />
      </div>

      <EventList events={events} view={filters.view} headingLevel={2} eagerCount={3} empty={<p>No events match these filters.</p>} />

      {total > 0 ? <Pagination page={filters.page} pages={pages} hrefFor={(page) => `${pathname}${filtersSearch(filters, { page })}`} /> : null}
    </div>
  );
}

function Select(props: { name: string; label: string; value: number | string; allLabel: string; options: Option[] }) {
  const id = `filter-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={String(props.value)}>
        <option value="">{props.allLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
