import type { MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/domain/page-meta';
import { useI18n } from '~/i18n/use-i18n';

/* Spec section 2: this route exists as a path only; the terms' text is not part of the app. */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Terms & conditions', 'The terms and conditions for using this site and its passes.');

export default function TermsConditions() {
  const { t } = useI18n();
  return (
    <div className="page page--narrow prose">
      <h1>{t('static.terms')}</h1>
      <p>{t('static.terms.text')}</p>
    </div>
  );
}
