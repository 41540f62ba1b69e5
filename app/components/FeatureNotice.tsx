import { Link } from '@remix-run/react';
import type { FeatureState, StreamStatus } from '#contract/entities';
import type { Feature } from '~/domain/feature-offers';
import type { Offer } from '~/domain/offers';

/* Why a signed-in fan may not clip or download a game, and how to get it (issue 25): get a pass to
 * watch it first, buy a product that grants it (feature-offers.ts), or wait for the game. One
 * component for both features: the watch page's download and the clip form. A visitor is asked to
 * log in once, for both (FeatureSignIn). */

const WORDS: Record<Feature, { noun: string; verb: string; when: string }> = {
  clip: { noun: 'Clips', verb: 'clip', when: 'Available once the game has started.' },
  download: { noun: 'Downloads', verb: 'download', when: 'Available once the game has finished.' },
};

/** "the Monthly subscription", "the Monthly subscription or the Annual subscription". */
const names = (offers: Offer[]) => offers.map((o) => `the ${o.title}`).join(' or ');

interface FeatureNoticeProps {
  feature: Feature;
  /** `event.features.clip` or `.download` (contract eventDetail). */
  state: FeatureState;
  game: { status: StreamStatus };
  /** Products that would grant it (domain/feature-offers), cheapest first. */
  offers: Offer[];
  /** In an embed, links leave the frame. */
  linkTarget?: '_top';
}

/** Nothing when the fan may; else a short reason and the links that would change it. */
export function FeatureNotice({ feature, state, game, offers, linkTarget }: FeatureNoticeProps) {
  const words = WORDS[feature];
  switch (state.state) {
    case 'allowed':
      return null;
    case 'sign_in':
      // A visitor is asked once for every feature of the page (FeatureSignIn).
      return null;
    case 'unavailable':
      return (
        <div className="feature-notice">
          <p>{feature === 'download' && game.status === 'finished' ? 'This game has no recording to download.' : words.when}</p>
        </div>
      );
    case 'no_access':
    case 'no_capability':
      return (
        <div className="feature-notice">
          {state.state === 'no_access' ? <p>You need a pass to watch this game first.</p> : null}
          {offers.length > 0 ? (
            <>
              <p>
                {words.noun} come with {names(offers)}.
              </p>
              <ul className="feature-notice__links" aria-label={`Ways to ${words.verb} this game`}>
                {offers.map((o) => (
                  <li key={o.href}>
                    <Link className="button button--secondary" to={o.href} target={linkTarget}>
                      {o.title} <span className="offer__price">{o.price}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>
              {state.state === 'no_capability' ? `None of our passes include ${words.noun.toLowerCase()} of this game. ` : null}
              <Link to="/packages" target={linkTarget}>
                See all passes and packages
              </Link>
            </p>
          )}
        </div>
      );
  }
}
