import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EventListPage } from '~/components/EventListPage';
import { WatchTogether } from '~/components/multiview/WatchTogether';
import { LIST_WORDS } from '~/domain/event-lists';
import { pageMeta } from '~/domain/page-meta';
import { eventListLoader } from '~/loaders/event-list.server';
import watchTogetherCss from '~/styles/watch-together.css';

/* /live: the games live now (domain/event-lists says which and in which order); they can be
   watched together (/multiview). */

export const loader = (args: LoaderFunctionArgs) => eventListLoader('live', args);

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, LIST_WORDS.live.title, LIST_WORDS.live.description);

export const links = () => [{ rel: 'stylesheet', href: watchTogetherCss }];

export default function Live() {
  return (
    <WatchTogether>
      <EventListPage />
    </WatchTogether>
  );
}
