import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FollowPage } from '~/components/FollowPage';
import { followPageMeta } from '~/domain/follow-games';
import type { schoolPage } from '~/loaders/follow-page.server';
import followCss from '~/styles/follow.css';

/* /schools/<alias>: a school's page (ADR 033). */
export { schoolPage as loader } from '~/loaders/follow-page.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: followCss }];

export const meta: MetaFunction = ({ data, matches }) => followPageMeta(matches, data, 'School');

export default function SchoolPage() {
  return <FollowPage data={useLoaderData<typeof schoolPage>()} />;
}
