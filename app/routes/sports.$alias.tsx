import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FollowPage } from '~/components/FollowPage';
import { followPageMeta } from '~/domain/follow-games';
import type { sportPage } from '~/loaders/follow-page.server';
import followCss from '~/styles/follow.css';

/* /sports/<alias>: a sport's page (ADR 033). */
export { sportPage as loader } from '~/loaders/follow-page.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: followCss }];

export const meta: MetaFunction = ({ data, matches }) => followPageMeta(matches, data, 'Sport');

export default function SportPage() {
  return <FollowPage data={useLoaderData<typeof sportPage>()} />;
}
