import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { env } from '~/config/env.server';
import { pageMeta } from '~/domain/page-meta';
import { notFound } from '~/http/not-found.server';

/* /monitoring-check (only with MONITORING_CHECK=1; a 404 otherwise): errors on purpose, so an
   operator sees that SENTRY_DSN works after a deploy, and that what the skip list leaves out is
   left out (README "Error monitoring"). `?error=server` fails on the server, `?error=cancelled`
   fails as a cancelled request (skipped); with JavaScript, two buttons do the same in the browser. */

export const CHECK_ERRORS = {
  server: 'Monitoring check: a server error on purpose',
  browser: 'Monitoring check: a browser error on purpose',
  cancelled: 'Monitoring check: a cancelled request (not reported)',
};

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Monitoring check', 'Errors on purpose, to check the error monitoring.');

export const headers = () => ({ 'Cache-Control': 'no-store' });

export function loader({ request }: LoaderFunctionArgs) {
  if (!env.MONITORING_CHECK) throw notFound();
  const error = new URL(request.url).searchParams.get('error');
  if (error === 'server') throw new Error(CHECK_ERRORS.server);
  if (error === 'cancelled') throw new DOMException(CHECK_ERRORS.cancelled, 'AbortError');
  return json({ reporting: Boolean(env.SENTRY_DSN) }, { headers: headers() });
}

export default function MonitoringCheck() {
  const { reporting } = useLoaderData<typeof loader>();
  // The browser's checks need JavaScript: shown once the app runs.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="page page--narrow prose">
      <h1>Monitoring check</h1>
      <p>{reporting ? 'Errors are sent to the monitoring service (SENTRY_DSN).' : 'SENTRY_DSN is not set: errors are only logged.'}</p>
      <ul>
        <li>
          <Link to="?error=server" reloadDocument>
            A server error
          </Link>{' '}
          (reported)
        </li>
        <li>
          <Link to="?error=cancelled" reloadDocument>
            A cancelled request
          </Link>{' '}
          (not reported)
        </li>
      </ul>
      {hydrated ? (
        <p className="form-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              throw new Error(CHECK_ERRORS.browser);
            }}
          >
            A browser error
          </button>{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              throw new DOMException(CHECK_ERRORS.cancelled, 'AbortError');
            }}
          >
            A cancelled request in the browser
          </button>
        </p>
      ) : null}
    </div>
  );
}
