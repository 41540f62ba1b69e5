import type { MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/domain/page-meta';
import { useI18n } from '~/i18n/use-i18n';

/* Spec section 2: this route exists as a path only; the policy's text is not part of the app. */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Privacy policy', 'How this channel handles your personal data.');

export default function PrivacyPolicy() {
  const { t } = useI18n();
  return (
    <div className="page page--narrow prose">
      <h1>{t('static.privacy')}</h1>
      <p>{t('static.privacy.text')}</p>
    </div>
  );
}
