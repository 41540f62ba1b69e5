import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EventListPage } from '~/components/EventListPage';
import { LIST_WORDS } from '~/domain/event-lists';
import { pageMeta } from '~/domain/page-meta';
import { eventListLoader } from '~/loaders/event-list.server';

/* /schedule: every game from today on, soonest first; earlier days one link away (domain/event-lists says which and in which order). */

export const loader = (args: LoaderFunctionArgs) => eventListLoader('schedule', args);

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, LIST_WORDS.schedule.title, LIST_WORDS.schedule.description);

export default function Schedule() {
  return <EventListPage />;
}
