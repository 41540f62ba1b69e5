import type { MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/domain/page-meta';

/* Spec section 2: this route exists as a path only; the terms' text is not part of the app. */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Terms & conditions', 'The terms and conditions for using this site and its passes.');

export default function TermsConditions() {
  return (
    <div className="page page--narrow prose">
      <h1>Terms &amp; conditions</h1>
      <p>The channel publishes its terms and conditions separately; please ask the channel for the current version.</p>
    </div>
  );
}
