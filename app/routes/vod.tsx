import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EventListPage } from '~/components/EventListPage';
import { LIST_WORDS } from '~/domain/event-lists';
import { pageMeta } from '~/domain/page-meta';
import { eventListLoader } from '~/loaders/event-list.server';

/* /vod (On demand): finished games, newest first, and the latest videos (domain/event-lists says which and in which order). */

export const loader = (args: LoaderFunctionArgs) => eventListLoader('vod', args);

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, LIST_WORDS.vod.title, LIST_WORDS.vod.description);

export default function OnDemand() {
  return <EventListPage />;
}
