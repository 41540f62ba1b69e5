import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { DateRangeFields } from '~/components/DateRangeFields';
import { EventList } from '~/components/EventList';
import { FollowButton } from '~/components/FollowButton';
import { FilterActions } from '~/components/form/FilterActions';
import { NothingFollowed } from '~/components/NothingFollowed';
import { Pagination } from '~/components/Pagination';
import { FOLLOW_KIND_WORDS } from '~/domain/alerts';
import type { Follow } from '~/domain/follows';
import { pageCount } from '~/domain/list-query';
import { followedEventsQueryFor, MY_GAMES_PAGE_SIZE, MY_GAMES_SHOW_LABELS, MY_GAMES_SHOWS, myGamesSearch, parseMyGamesFilters } from '~/domain/my-games';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

/* "My games" (issue 24): what the signed-in fan follows, each with its kind and Unfollow (its alert
   e-mails are on /alerts), and the games of all of it (the channel's GET /events/favorite), filtered by status and dates, paged. Private. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'My games', 'The games of the schools, teams, sports and venues you follow.');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel } = requestContext(args);
  const filters = parseMyGamesFilters(new URL(args.request.url).searchParams);
  // The From and To days are the channel's days (its zone, ADR 045).
  const timeZone = await channel.timeZone();
  const [follows, games] = await Promise.all([channel.asUser(api.follows, {}), channel.asUser(api.followedEvents, followedEventsQueryFor(filters, timeZone))]);
  const followed = follows.data.map((f) => ({
    type: f.favoritable_type,
    id: f.favoritable_id,
    followId: f.id,
    name: f.name,
    kind: FOLLOW_KIND_WORDS[f.kind],
  }));
  return json({ filters, followed, events: games.data, total: games.meta.total });
}

export default function MyGames() {
  const { filters, followed, events, total } = useLoaderData<typeof loader>();
  const follows: Follow[] = followed.map(({ type, id, followId }) => ({ type, id, followId }));
  const pages = pageCount(total, MY_GAMES_PAGE_SIZE);
  const { t, sentence } = useI18n();
  return (
    <div className="page page--my-games">
      <h1>{t('follow.myGames')}</h1>
      <p>
        <Link to="/alerts">{t('follow.alertMails')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/my-games/calendar">{t('follow.addToCalendar')}</Link>
      </p>
      {followed.length === 0 ? (
        <NothingFollowed headingId="follow-nothing">{t('follow.myGames.nothing')}</NothingFollowed>
      ) : (
        <>
          <section aria-labelledby="following-heading">
            <h2 id="following-heading">{t('follow.following')}</h2>
            <ul className="following">
              {followed.map((f) => (
                <li key={f.followId} className="following__item">
                  <span className="following__name">
                    {f.name}
                    <span className="following__kind">{sentence(f.kind)}</span>
                  </span>
                  <FollowButton type={f.type} id={f.id} name={f.name} follows={follows} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="games-heading">
            <h2 id="games-heading">{t('follow.games')}</h2>
            <Form method="get" action="/my-games" role="search" aria-label={t('follow.filterMyGames')} className="filters" key={myGamesSearch(filters)}>
              <div className="field">
                <label htmlFor="my-games-show">{t('follow.show')}</label>
                <select id="my-games-show" name="show" defaultValue={filters.show}>
                  {MY_GAMES_SHOWS.map((show) => (
                    <option key={show} value={show}>
                      {sentence(MY_GAMES_SHOW_LABELS[show])}
                    </option>
                  ))}
                </select>
              </div>
              <DateRangeFields idPrefix="my-games" from={filters.from} to={filters.to} />
              <FilterActions clearHref="/my-games" />
            </Form>
            <p className="result-count">{t('follow.gameCount', { n: total })}</p>
            <EventList events={events} headingLevel={3} eagerCount={3} empty={<p>{t('follow.myGames.none')}</p>} />
            {total > 0 ? <Pagination page={filters.page} pages={pages} hrefFor={(page) => `/my-games${myGamesSearch(filters, { page })}`} /> : null}
          </section>
        </>
      )}
    </div>
  );
}
