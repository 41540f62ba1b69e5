import { json, type MetaFunction } from '@remix-run/node';
import { NotFound } from '~/components/layout/NotFound';
import { pageMeta } from '~/domain/page-meta';

// A real 404 status, so crawlers and monitors see the miss; the page still renders normally.
export const loader = () => json(null, { status: 404 });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Game not found', 'The page you asked for does not exist.');

export default function NotFoundRoute() {
  return (
    <div className="page">
      <NotFound />
    </div>
  );
}
