import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EventListPage } from '~/components/EventListPage';
import { LIST_WORDS } from '~/domain/event-lists';
import { pageMeta } from '~/domain/page-meta';
import { eventListLoader } from '~/loaders/event-list.server';

/* /upcoming: the games to come, soonest first (domain/event-lists says which and in which order). */

export const loader = (args: LoaderFunctionArgs) => eventListLoader('upcoming', args);

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, LIST_WORDS.upcoming.title, LIST_WORDS.upcoming.description);

export default function Upcoming() {
  return <EventListPage />;
}
