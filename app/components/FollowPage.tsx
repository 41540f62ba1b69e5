import { Form, Link, useLocation } from '@remix-run/react';
import type { CSSProperties } from 'react';
import { EventTiles } from '~/components/EventTiles';
import { FollowButton } from '~/components/FollowButton';
import { Pagination } from '~/components/Pagination';
import { PathLink } from '~/components/PathLink';
import { Slides } from '~/components/Slides';
import { ViewModes } from '~/components/ViewModes';
import { filtersSearch, type EventFilters } from '~/domain/event-filters';
import type { StreamStatus } from '~/domain/event-status';
import type { FollowGames, FollowLink, FollowPageData, GamesSection, TeamFilter } from '~/domain/follow-games';
import { pageCount } from '~/domain/list-query';

const TABS: Array<{ status: StreamStatus | null; label: string }> = [
  { status: null, label: 'All games' },
  { status: 'live', label: 'Live now' },
  { status: 'upcoming', label: 'Upcoming' },
  { status: 'finished', label: 'On demand' },
];

const ALL_OF: Readonly<Record<StreamStatus, string>> = { live: 'live', upcoming: 'upcoming', finished: 'on-demand' };

/**
 * The page of a school, team, sport, division or venue (app/loaders/follow-page.server.ts): its
 * name, logo and colours, what it holds (a school's teams, a division's schools) and its games with
 * the cards, view modes and paging of /upcoming. The Follow toggle sits beside the name.
 */
export function FollowPage({ data }: { data: FollowPageData }) {
  const { pathname } = useLocation();
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
          <p className="follow-head__label">{data.label}</p>
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
          <h2 id="follow-related-title">{data.related.title}</h2>
          <FollowLinks links={data.related.links} />
        </section>
      ) : null}

      {data.teamFilter ? <TeamFinder filter={data.teamFilter} filters={data.games.filters} pathname={pathname} /> : null}

      <div className="list-bar follow-bar">
        <nav aria-label="Games by status" className="status-tabs">
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
                    {tab.label}
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
  return (
    <section className="follow-related follow-teams" aria-labelledby="follow-teams-title">
      <h2 id="follow-teams-title">Find a team</h2>
      <Form method="get" action={pathname} role="search" aria-label="Find a team" className="filters" key={JSON.stringify(filter.choice)}>
        {filter.facets.map((facet) => (
          <div className="field" key={facet.name}>
            <label htmlFor={`team-${facet.name}`}>{facet.label}</label>
            <select id={`team-${facet.name}`} name={facet.name} defaultValue={filter.choice[facet.name] ?? ''}>
              <option value="">Any</option>
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
        <div className="filters__actions">
          <button type="submit" className="button">
            Show teams
          </button>
          {chosen ? (
            <Link to={`${pathname}${filtersSearch(filters)}`} className="button button--quiet">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {filter.teams === null ? null : (
        <>
          <h3 className="follow-teams__title">
            {filter.words}: {filter.teams.length === 1 ? '1 team' : `${filter.teams.length} teams`}
          </h3>
          {filter.teams.length === 0 ? <p>No team of this division matches. Choose Any for one of them to see more.</p> : <FollowLinks links={filter.teams} />}
        </>
      )}
    </section>
  );
}

function Games({ games, pathname }: { games: FollowGames; pathname: string }) {
  const { filters } = games;
  if (games.mode === 'list') {
    const pages = pageCount(games.total, games.pageSize);
    const first = games.total === 0 ? 0 : Math.min(games.total, (filters.page - 1) * games.pageSize + 1);
    const last = Math.min(games.total, filters.page * games.pageSize);
    return (
      <section className="follow-games" aria-labelledby="follow-games-title">
        <h2 id="follow-games-title">{games.title}</h2>
        <p className="result-count">{games.total === 0 ? 'No games' : `Showing ${first}–${last} of ${games.total} games`}</p>
        <EventTiles cards={games.cards} view={filters.view} headingLevel={3} eagerCount={3} empty={<p>No {ALL_OF[games.status]} games.</p>} />
        {games.total > 0 ? <Pagination page={filters.page} pages={pages} hrefFor={(page) => `${pathname}${filtersSearch(filters, { page })}`} /> : null}
      </section>
    );
  }
  const shown = games.sections.filter((s) => s.cards.length > 0);
  if (shown.length === 0)
    return (
      <div className="empty">
        <p>No games yet.</p>
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
  return (
    <section className="follow-games" aria-labelledby={id}>
      <div className="follow-games__head">
        <h2 id={id}>{section.title}</h2>
        {section.total > section.cards.length ? (
          <Link to={`${pathname}${filtersSearch(filters, { status: section.status, page: 1 })}`} className="follow-games__all">
            All {section.total} {ALL_OF[section.status]} games
          </Link>
        ) : null}
      </div>
      <EventTiles cards={section.cards} view={filters.view} headingLevel={3} eagerCount={eager ? 3 : 0} empty={null} />
    </section>
  );
}
