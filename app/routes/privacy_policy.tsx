import type { MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/domain/page-meta';

/* Spec section 2: this route exists as a path only; the policy's text is not part of the app. */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Privacy policy', 'How this channel handles your personal data.');

export default function PrivacyPolicy() {
  return (
    <div className="page page--narrow prose">
      <h1>Privacy policy</h1>
      <p>The channel publishes its privacy policy separately; please ask the channel for the current version.</p>
    </div>
  );
}
