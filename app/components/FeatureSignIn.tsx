import { SignInLink } from '~/components/layout/SignInLink';
import type { Feature } from '~/domain/feature-offers';

/* A visitor under a watch page's player (issue 25): one Log in / Register notice for every
 * feature the page offers (domain/watch-view signInFeatures), instead of one under Clip and one
 * under Download. A fan who is signed in sees each feature's own reason instead (FeatureNotice). */

/** "clip and download": a feature's name is its verb. */
const verbs = (features: readonly Feature[]) => features.join(' and ');

export function FeatureSignIn({ features }: { features: readonly Feature[] }) {
  if (features.length === 0) return null;
  const what = verbs(features);
  return (
    <section className="watch-sign-in" aria-labelledby="watch-sign-in-title">
      <h2 id="watch-sign-in-title">{what.charAt(0).toUpperCase() + what.slice(1)}</h2>
      <div className="feature-notice">
        <p>Log in or register to {what} this game.</p>
        <ul className="feature-notice__links" aria-label={`Ways to ${what} this game`}>
          <li>
            <SignInLink to="/login" className="button">
              Log in
            </SignInLink>
          </li>
          <li>
            <SignInLink to="/registration" className="button button--secondary">
              Register
            </SignInLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
