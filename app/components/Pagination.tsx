import { Link } from '@remix-run/react';

/* One pagination for every list: Previous and Next links (inert words at either end, so the
 * bar does not jump) around "Page n of m". A page beyond the last offers the way back. */

export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const beyond = page > pages;
  const current = Math.min(page, pages);
  return (
    <nav aria-label="Pagination" className="pagination">
      {current > 1 || beyond ? (
        <Link to={hrefFor(beyond ? pages : current - 1)} rel="prev" className="button button--quiet">
          Previous page
        </Link>
      ) : (
        <span className="button button--quiet button--disabled" aria-hidden="true">
          Previous page
        </span>
      )}
      <p>
        Page {page} of {pages}
      </p>
      {current < pages && !beyond ? (
        <Link to={hrefFor(current + 1)} rel="next" className="button button--quiet">
          Next page
        </Link>
      ) : (
        <span className="button button--quiet button--disabled" aria-hidden="true">
          Next page
        </span>
      )}
    </nav>
  );
}
