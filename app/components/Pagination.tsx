import { Link } from '@remix-run/react';
import { useI18n } from '~/i18n/use-i18n';

/* One pagination for every list: Previous and Next links (inert words at either end, so the
 * bar does not jump) around "Page n of m". A page beyond the last offers the way back. */

export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const beyond = page > pages;
  const current = Math.min(page, pages);
  const { t } = useI18n();
  return (
    <nav aria-label={t('lists.pagination')} className="pagination">
      {current > 1 || beyond ? (
        <Link to={hrefFor(beyond ? pages : current - 1)} rel="prev" className="button button--quiet">
          {t('lists.previous')}
        </Link>
      ) : (
        <span className="button button--quiet button--disabled" aria-hidden="true">
          {t('lists.previous')}
        </span>
      )}
      <p>{t('lists.pageOf', { page, pages })}</p>
      {current < pages && !beyond ? (
        <Link to={hrefFor(current + 1)} rel="next" className="button button--quiet">
          {t('lists.next')}
        </Link>
      ) : (
        <span className="button button--quiet button--disabled" aria-hidden="true">
          {t('lists.next')}
        </span>
      )}
    </nav>
  );
}
