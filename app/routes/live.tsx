import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EventListPage } from '~/components/EventListPage';
import { LIST_WORDS } from '~/domain/event-lists';
import { pageMeta } from '~/domain/page-meta';
import { eventListLoader } from '~/loaders/event-list.server';

/* /live: the games live now (domain/event-lists says which and in which order). */

export const loader = (args: LoaderFunctionArgs) => eventListLoader('live', args);

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, LIST_WORDS.live.title, LIST_WORDS.live.description);

export default function Live() {
  return <EventListPage />;
}
