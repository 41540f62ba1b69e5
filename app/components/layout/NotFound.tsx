import { Link } from '@remix-run/react';
import { useI18n } from '~/i18n/use-i18n';

/** The spec's not-found page; also the root ErrorBoundary's answer to a 404. */
export function NotFound() {
  const { t } = useI18n();
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('errors.notFound.heading')}</h1>
      <p>{t('errors.notFound.text')}</p>
      <p>
        <Link to="/" className="button">
          {t('errors.backHome')}
        </Link>
      </p>
    </div>
  );
}
