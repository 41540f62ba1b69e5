import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FollowPage } from '~/components/FollowPage';
import { followPageMeta } from '~/domain/follow-games';
import type { divisionPage } from '~/loaders/follow-page.server';
import followCss from '~/styles/follow.css';

/* /divisions/<alias>: a division's page (ADR 033). */
export { divisionPage as loader } from '~/loaders/follow-page.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: followCss }];

export const meta: MetaFunction = ({ data, matches }) => followPageMeta(matches, data, 'Division');

export default function DivisionPage() {
  return <FollowPage data={useLoaderData<typeof divisionPage>()} />;
}
