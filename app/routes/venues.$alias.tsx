import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FollowPage } from '~/components/FollowPage';
import { followPageMeta } from '~/domain/follow-games';
import type { venuePage } from '~/loaders/follow-page.server';
import followCss from '~/styles/follow.css';

/* /venues/<name-id>: a venue's page (ADR 033). */
export { venuePage as loader } from '~/loaders/follow-page.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: followCss }];

export const meta: MetaFunction = ({ data, matches }) => followPageMeta(matches, data, 'Venue');

export default function VenuePage() {
  return <FollowPage data={useLoaderData<typeof venuePage>()} />;
}
