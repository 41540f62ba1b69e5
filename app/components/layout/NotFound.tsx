import { Link } from '@remix-run/react';

/** The spec's not-found page; also the root ErrorBoundary's answer to a 404. */
export function NotFound() {
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Sorry! - Game Not Found</h1>
      <p>The page you were looking for has moved, ended or never existed.</p>
      <p>
        <Link to="/" className="button">
          Back to home
        </Link>
      </p>
    </div>
  );
}
