import { Link } from '@remix-run/react';
import { useI18n } from '~/i18n/use-i18n';

/** A fan who follows nothing yet (My games, Alerts): what following gives them here, and where to start. */
/** Where following starts. */
const BROWSE = [
  { to: '/schools', className: 'button', label: 'follow.browseSchools' },
  { to: '/sports', className: 'button button--quiet', label: 'follow.browseSports' },
] as const;

export function NothingFollowed({ headingId, children }: { headingId: string; children: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={headingId} className="empty-state">
      <h2 id={headingId}>{t('follow.nothing')}</h2>
      <p>{children}</p>
      <ul className="empty-state__links">
        {BROWSE.map((b) => (
          <li key={b.to}>
            <Link to={b.to} className={b.className}>
              {t(b.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
