import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FollowIndex } from '~/components/FollowIndex';
import type { FollowIndexData } from '~/domain/follow-index';
import { pageMeta } from '~/domain/page-meta';
import type { schoolsIndexPage } from '~/loaders/follow-index.server';
import followCss from '~/styles/follow.css';

/* /schools: every school to follow (issue 24; app/domain/follow-index.ts). */
export { schoolsIndexPage as loader } from '~/loaders/follow-index.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: followCss }];

export const meta: MetaFunction = ({ data, matches }) => {
  const page = data as FollowIndexData | undefined;
  return pageMeta(matches, page?.title ?? 'Schools', page?.intro ?? '');
};

export default function SchoolsIndex() {
  return <FollowIndex data={useLoaderData<typeof schoolsIndexPage>()} />;
}
