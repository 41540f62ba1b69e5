import { Link } from '@remix-run/react';
import { useI18n } from '~/i18n/use-i18n';

/** A fan who follows nothing yet (My games, Alerts): what following gives them here, and where to start. */
export function NothingFollowed({ headingId, children }: { headingId: string; children: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={headingId} className="empty-state">
      <h2 id={headingId}>{t('follow.nothing')}</h2>
      <p>{children}</p>
      <ul className="empty-state__links">
        <li>
          <Link to="/schools" className="button">
            {t('follow.browseSchools')}
          </Link>
        </li>
        <li>
          <Link to="/sports" className="button button--quiet">
            {t('follow.browseSports')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
