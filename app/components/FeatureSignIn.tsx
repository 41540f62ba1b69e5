import { SignInLink } from '~/components/layout/SignInLink';
import type { Feature } from '~/domain/feature-offers';
import { useI18n } from '~/i18n/use-i18n';

/* A visitor under a watch page's player (issue 25): one Log in / Register notice for every
 * feature the page offers (domain/watch-view signInFeatures), instead of one under Clip and one
 * under Download. A fan who is signed in sees each feature's own reason instead (FeatureNotice). */

/** "clip and download": a feature's name is its verb (`both`, `clip` or `download` in the catalogue). */
const which = (features: readonly Feature[]) => (features.length > 1 ? 'both' : features[0]);

export function FeatureSignIn({ features }: { features: readonly Feature[] }) {
  const { t } = useI18n();
  if (features.length === 0) return null;
  const what = which(features);
  return (
    <section className="watch-sign-in" aria-labelledby="watch-sign-in-title">
      <h2 id="watch-sign-in-title">{t('clips.signIn.title', { what })}</h2>
      <div className="feature-notice">
        <p>{t('clips.signIn.text', { what })}</p>
        <ul className="feature-notice__links" aria-label={t('clips.signIn.ways', { what })}>
          <li>
            <SignInLink to="/login" className="button">
              {t('account.logIn')}
            </SignInLink>
          </li>
          <li>
            <SignInLink to="/registration" className="button button--secondary">
              {t('account.register')}
            </SignInLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
