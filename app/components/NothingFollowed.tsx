import { Link } from '@remix-run/react';

/** A fan who follows nothing yet (My games, Alerts): what following gives them here, and where to start. */
export function NothingFollowed({ headingId, children }: { headingId: string; children: string }) {
  return (
    <section aria-labelledby={headingId} className="empty-state">
      <h2 id={headingId}>You do not follow anything yet</h2>
      <p>{children}</p>
      <ul className="empty-state__links">
        <li>
          <Link to="/schools" className="button">
            Browse schools and teams
          </Link>
        </li>
        <li>
          <Link to="/sports" className="button button--quiet">
            Browse sports
          </Link>
        </li>
      </ul>
    </section>
  );
}
