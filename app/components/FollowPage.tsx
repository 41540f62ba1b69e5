import { Form, Link, useLocation } from '@remix-run/react';
import type { CSSProperties } from 'react';
import { EventTiles } from '~/components/EventTiles';
import { FollowButton } from '~/components/FollowButton';
import { FilterActions } from '~/components/form/FilterActions';
import { Pagination } from '~/components/Pagination';
import { PathLink } from '~/components/PathLink';
import { Slides } from '~/components/Slides';
import { ViewModes } from '~/components/ViewModes';
import { filtersSearch, type EventFilters } from '~/domain/event-filters';
import type { StreamStatus } from '~/domain/event-status';
import type { FollowGames, FollowLink, FollowPageData, GamesSection, TeamFilter } from '~/domain/follow-games';
import { pageCount } from '~/domain/list-query';
import { useI18n } from '~/i18n/use-i18n';

const TABS = [
  { status: null, label: 'follow.tab.all' },
  { status: 'live', label: 'follow.tab.live' },
  { status: 'upcoming', label: 'follow.tab.upcoming' },
  { status: 'finished', label: 'follow.tab.onDemand' },
] as const satisfies ReadonlyArray<{ status: StreamStatus | null; label: string }>;

/** 'live', 'upcoming', 'on-demand' in "All 12 … games" and "No … games" (a `select` of the status). */
const ALL_OF: Readonly<Record<StreamStatus, string>> = { live: 'live', upcoming: 'upcoming', finished: 'onDemand' };

/**
 * The page of a school, team, sport, division or venue (app/loaders/follow-page.server.ts): its
 * name, logo and colours, what it holds (a school's teams, a division's schools) and its games with
 * the cards, view modes and paging of /upcoming. The Follow toggle sits beside the name.
 */
export function FollowPage({ data }: { data: FollowPageData }) {
  const { pathname } = useLocation();
  const { t, sentence } = useI18n();
  const style = data.colors ? ({ '--team-color': data.colors.background, '--on-team-color': data.colors.text } as CSSProperties) : undefined;
  return (
    <div className={`page page--follow page--${data.kind}`}>
      <header className={data.colors ? 'follow-head follow-head--colored' : 'follow-head'} style={style}>
        {data.logo ? (
          <img className="follow-head__logo" src={data.logo} alt="" width={96} height={96} />
        ) : (
          <span className="follow-head__logo follow-head__mark" aria-hidden="true">
            {data.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="follow-head__text">
          <p className="follow-head__label">{sentence(data.label)}</p>
          <div className="follow-head__title">
            <h1>{data.name}</h1>
            <FollowButton type={data.follow.type} id={data.follow.id} name={data.name} follows={data.follows} />
          </div>
          {data.facts.length > 0 ? (
            <ul className="follow-head__facts">
              {data.facts.map((fact) => (
                <li key={fact.text}>{fact.href ? <PathLink to={fact.href}>{fact.text}</PathLink> : fact.text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <Slides slides={data.slides} />

      {data.related ? (
        <section className="follow-related" aria-labelledby="follow-related-title">
          <h2 id="follow-related-title">{sentence(data.related.title)}</h2>
          <FollowLinks links={data.related.links} />
        </section>
      ) : null}

      {data.teamFilter ? <TeamFinder filter={data.teamFilter} filters={data.games.filters} pathname={pathname} /> : null}

      <div className="list-bar follow-bar">
        <nav aria-label={t('follow.byStatus')} className="status-tabs">
          <ul>
            {TABS.map((tab) => {
              const active = data.games.filters.status === tab.status;
              return (
                <li key={tab.label}>
                  <Link
                    to={`${pathname}${filtersSearch(data.games.filters, { status: tab.status, page: 1 })}`}
                    className={active ? 'status-tab status-tab--active' : 'status-tab'}
                    aria-current={active ? 'page' : undefined}
                  >
                    {t(tab.label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <ViewModes pathname={pathname} filters={data.games.filters} />
      </div>

      <Games games={data.games} pathname={pathname} />
    </div>
  );
}

/** Pills that lead to other follow pages (a school's teams, a division's schools or found teams). */
function FollowLinks({ links }: { links: FollowLink[] }) {
  return (
    <ul className="follow-links">
      {links.map((link) => (
        <li key={link.href}>
          <PathLink to={link.href} className="follow-link">
            {link.logo ? <img src={link.logo} alt="" width={32} height={32} loading="lazy" /> : null}
            {link.name}
          </PathLink>
        </li>
      ))}
    </ul>
  );
}

/** A division's teams by the channel's facets (gender, sport): a plain GET form, so it works
 *  without JavaScript; the games' status and view stay as they were. */
function TeamFinder({ filter, filters, pathname }: { filter: TeamFilter; filters: EventFilters; pathname: string }) {
  const chosen = filter.teams !== null;
  const { t } = useI18n();
  return (
    <section className="follow-related follow-teams" aria-labelledby="follow-teams-title">
      <h2 id="follow-teams-title">{t('follow.findTeam')}</h2>
      <Form method="get" action={pathname} role="search" aria-label={t('follow.findTeam')} className="filters" key={JSON.stringify(filter.choice)}>
        {filter.facets.map((facet) => (
          <div className="field" key={facet.name}>
            <label htmlFor={`team-${facet.name}`}>{facet.label}</label>
            <select id={`team-${facet.name}`} name={facet.name} defaultValue={filter.choice[facet.name] ?? ''}>
              <option value="">{t('follow.any')}</option>
              {facet.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        {filters.view !== 'grid' ? <input type="hidden" name="view" value={filters.view} /> : null}
        <FilterActions clearHref={chosen ? `${pathname}${filtersSearch(filters)}` : null} apply={t('follow.showTeams')} clear={t('follow.clear')} />
      </Form>
      {filter.teams === null ? null : (
        <>
          <h3 className="follow-teams__title">
            {filter.words}: {t('follow.teamCount', { n: filter.teams.length })}
          </h3>
          {filter.teams.length === 0 ? <p>{t('follow.noTeam')}</p> : <FollowLinks links={filter.teams} />}
        </>
      )}
    </section>
  );
}

function Games({ games, pathname }: { games: FollowGames; pathname: string }) {
  const { filters } = games;
  const { t, sentence } = useI18n();
  if (games.mode === 'list') {
    const pages = pageCount(games.total, games.pageSize);
    const first = games.total === 0 ? 0 : Math.min(games.total, (filters.page - 1) * games.pageSize + 1);
    const last = Math.min(games.total, filters.page * games.pageSize);
    return (
      <section className="follow-games" aria-labelledby="follow-games-title">
        <h2 id="follow-games-title">{sentence(games.title)}</h2>
        <p className="result-count">{games.total === 0 ? t('follow.noGames') : t('follow.showing', { first, last, n: games.total })}</p>
        <EventTiles
          cards={games.cards}
          view={filters.view}
          headingLevel={3}
          eagerCount={3}
          empty={<p>{t('follow.noneOf', { status: ALL_OF[games.status] })}</p>}
        />
        {games.total > 0 ? <Pagination page={filters.page} pages={pages} hrefFor={(page) => `${pathname}${filtersSearch(filters, { page })}`} /> : null}
      </section>
    );
  }
  const shown = games.sections.filter((s) => s.cards.length > 0);
  if (shown.length === 0)
    return (
      <div className="empty">
        <p>{t('follow.noGamesYet')}</p>
      </div>
    );
  return (
    <>
      {shown.map((section, i) => (
        <OverviewSection key={section.status} section={section} filters={filters} pathname={pathname} eager={i === 0} />
      ))}
    </>
  );
}

function OverviewSection({ section, filters, pathname, eager }: { section: GamesSection; filters: EventFilters; pathname: string; eager: boolean }) {
  const id = `follow-${section.status}-title`;
  const { t, sentence } = useI18n();
  return (
    <section className="follow-games" aria-labelledby={id}>
      <div className="follow-games__head">
        <h2 id={id}>{sentence(section.title)}</h2>
        {section.total > section.cards.length ? (
          <Link to={`${pathname}${filtersSearch(filters, { status: section.status, page: 1 })}`} className="follow-games__all">
            {t('follow.allOf', { n: section.total, status: ALL_OF[section.status] })}
          </Link>
        ) : null}
      </div>
      <EventTiles cards={section.cards} view={filters.view} headingLevel={3} eagerCount={eager ? 3 : 0} empty={null} />
    </section>
  );
}
