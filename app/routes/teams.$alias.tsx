import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FollowPage } from '~/components/FollowPage';
import { followPageMeta } from '~/domain/follow-games';
import type { teamPage } from '~/loaders/follow-page.server';
import followCss from '~/styles/follow.css';

/* /teams/<alias>: a team's page (ADR 033). */
export { teamPage as loader } from '~/loaders/follow-page.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: followCss }];

export const meta: MetaFunction = ({ data, matches }) => followPageMeta(matches, data, 'Team');

export default function TeamPage() {
  return <FollowPage data={useLoaderData<typeof teamPage>()} />;
}
