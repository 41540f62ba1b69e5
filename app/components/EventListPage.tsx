import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react';
import type { FormEvent } from 'react';
import { DateRangeFields } from '~/components/DateRangeFields';
import { EventTiles } from '~/components/EventTiles';
import { FilterActions } from '~/components/form/FilterActions';
import { Pagination } from '~/components/Pagination';
import { RailFrame } from '~/components/RailFrame';
import { ViewModes } from '~/components/ViewModes';
import { PAGE_SIZE, eventPageCount, filtersSearch } from '~/domain/event-filters';
import { LIST_PATHS, listFields, type ListKind } from '~/domain/event-lists';
import type { MessageId } from '~/i18n/messages';
import { useI18n } from '~/i18n/use-i18n';
import type { EventListData, FilterOption, eventListLoader } from '~/loaders/event-list.server';

/* One page for the four game lists (/live, /upcoming, /vod, /schedule): the list's filters (a plain
 * GET form), its count and view modes, its games and paging, and what one list has beside them. */

const STATUS_OPTIONS: ReadonlyArray<{ value: string; label: MessageId }> = [
  { value: 'live', label: 'lists.status.live' },
  { value: 'upcoming', label: 'lists.status.upcoming' },
  { value: 'finished', label: 'lists.status.finished' },
];

/** Each list's heading and what it says when it holds nothing. */
const LIST_MESSAGES: Record<ListKind, { title: MessageId; empty: MessageId }> = {
  live: { title: 'lists.live.title', empty: 'lists.live.empty' },
  upcoming: { title: 'lists.upcoming.title', empty: 'lists.upcoming.empty' },
  vod: { title: 'lists.vod.title', empty: 'lists.vod.empty' },
  schedule: { title: 'lists.schedule.title', empty: 'lists.schedule.empty' },
};

export function EventListPage() {
  const data = useLoaderData<typeof eventListLoader>();
  const { kind, filters, cards, total } = data;
  const pathname = LIST_PATHS[kind];
  const { t } = useI18n();
  const words = LIST_MESSAGES[kind];
  const pages = eventPageCount(total);
  const first = total === 0 ? 0 : Math.min(total, (filters.page - 1) * PAGE_SIZE + 1);
  const last = Math.min(total, filters.page * PAGE_SIZE);
  const earlier = data.schedule?.earlier ?? false;
  const nothingLive = kind === 'live' && total === 0;

  const list = <EventTiles cards={cards} view={filters.view} headingLevel={2} eagerCount={3} empty={<p>{t(words.empty)}</p>} />;
  return (
    <div className={`page page--list page--${kind}`}>
      <div className="list-head">
        <h1>{earlier ? t('lists.earlier') : t(words.title)}</h1>
        {data.schedule ? (
          <Link to={data.schedule.switch.href} className="button button--quiet">
            {data.schedule.switch.label}
          </Link>
        ) : null}
      </div>
      <Filters data={data} pathname={pathname} />

      <div className="list-bar">
        <p className="result-count">{total === 0 ? t('lists.noGames') : t('lists.showing', { first, last, total })}</p>
        <ViewModes pathname={pathname} filters={filters} />
      </div>

      {kind === 'live' ? (
        nothingLive ? (
          <NothingLive data={data} />
        ) : (
          // The games live now, as one section (the place of a "Watch together" choice around them).
          <section className="live-games" aria-label={t('lists.liveGames')}>
            {list}
          </section>
        )
      ) : (
        list
      )}

      {total > 0 ? <Pagination page={filters.page} pages={pages} hrefFor={(page) => `${pathname}${filtersSearch(filters, { page })}`} /> : null}

      {data.videos && data.videos.length > 0 ? (
        <RailFrame
          rail={{ id: 0, title: t('lists.latestVideos'), cards: data.videos }}
          control={
            <Link to="/vod_library" className="section-head__more">
              {t('lists.allVideos')}
            </Link>
          }
        />
      ) : null}
    </div>
  );
}

/** /live when nothing is live: says so, and the next games. */
function NothingLive({ data }: { data: EventListData }) {
  const next = data.nextGames ?? [];
  const { t } = useI18n();
  return (
    <section className="nothing-live" aria-labelledby="next-games">
      <p className="lead">{t('lists.nothingLive')}</p>
      <div className="section-head">
        <h2 id="next-games">{t('lists.comingUp')}</h2>
        <Link to={`${LIST_PATHS.upcoming}${filtersSearch({ ...data.filters, page: 1 })}`} className="section-head__more">
          {t('lists.allUpcoming')}
        </Link>
      </div>
      <EventTiles cards={next} view={data.filters.view} eagerCount={3} empty={<p>{t('lists.noneScheduled')}</p>} />
    </section>
  );
}

function Filters({ data, pathname }: { data: EventListData; pathname: string }) {
  const { filters, sports, schools, locations, kind } = data;
  const fields = listFields(kind);
  const submit = useSubmit();
  const { t } = useI18n();
  // With JS, leave empty fields out of the URL (?sport=3, not ?sport=3&school=&location=...).
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v !== '') params.set(k, v);
    submit(params, { method: 'get', action: pathname });
  };
  return (
    // key: after a navigation the fields show the URL's values again.
    <Form method="get" action={pathname} role="search" aria-label={t('lists.filter')} className="filters" key={filtersSearch(filters)} onSubmit={onSubmit}>
      {fields.status ? (
        <Select
          name="status"
          label={t('lists.filter.status')}
          value={filters.status ?? ''}
          allLabel={t('lists.filter.all')}
          options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      ) : null}
      <Select name="sport" label={t('lists.filter.sport')} value={filters.sport ?? ''} allLabel={t('lists.filter.allSports')} options={sports} />
      <Select name="school" label={t('lists.filter.school')} value={filters.school ?? ''} allLabel={t('lists.filter.allSchools')} options={schools} />
      <Select name="location" label={t('lists.filter.location')} value={filters.location ?? ''} allLabel={t('lists.filter.allLocations')} options={locations} />
      {fields.dates ? <DateRangeFields idPrefix="filter" from={filters.from} to={filters.to} /> : null}
      {filters.view !== 'grid' ? <input type="hidden" name="view" value={filters.view} /> : null}
      <FilterActions clearHref={filters.view === 'grid' ? pathname : `${pathname}?view=${filters.view}`} />
    </Form>
  );
}

function Select(props: { name: string; label: string; value: number | string; allLabel: string; options: FilterOption[] }) {
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
