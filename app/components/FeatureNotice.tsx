import { Link } from '@remix-run/react';
import type { FeatureState, StreamStatus } from '#contract/entities';
import type { Feature } from '~/domain/feature-offers';
import type { Offer } from '~/domain/offers';
import type { AppTranslator } from '~/i18n/english';
import type { MessageId } from '~/i18n/messages';
import { useI18n } from '~/i18n/use-i18n';

/* Why a signed-in fan may not clip or download a game, and how to get it (issue 25): get a pass to
 * watch it first, buy a product that grants it (feature-offers.ts), or wait for the game. One
 * component for both features: the watch page's download and the clip form. A visitor is asked to
 * log in once, for both (FeatureSignIn). */

const WORDS = {
  clip: { comeWith: 'clips.feature.clip.comeWith', ways: 'clips.feature.clip.ways', when: 'clips.feature.clip.when', none: 'clips.feature.clip.none' },
  download: {
    comeWith: 'clips.feature.download.comeWith',
    ways: 'clips.feature.download.ways',
    when: 'clips.feature.download.when',
    none: 'clips.feature.download.none',
  },
} as const satisfies Record<Feature, Record<string, MessageId>>;

/** "the Monthly subscription", "the Monthly subscription or the Annual subscription". */
const names = (offers: Offer[], t: AppTranslator['t']) => offers.map((o) => t('clips.feature.the', { title: o.title })).join(` ${t('clips.feature.or')} `);

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
  const { t } = useI18n();
  switch (state.state) {
    case 'allowed':
      return null;
    case 'sign_in':
      // A visitor is asked once for every feature of the page (FeatureSignIn).
      return null;
    case 'unavailable':
      return (
        <div className="feature-notice">
          <p>{feature === 'download' && game.status === 'finished' ? t('clips.feature.noRecording') : t(words.when)}</p>
        </div>
      );
    case 'no_access':
    case 'no_capability':
      return (
        <div className="feature-notice">
          {state.state === 'no_access' ? <p>{t('clips.feature.needPass')}</p> : null}
          {offers.length > 0 ? (
            <>
              <p>{t(words.comeWith, { offers: names(offers, t) })}</p>
              <ul className="feature-notice__links" aria-label={t(words.ways)}>
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
              {state.state === 'no_capability' ? `${t(words.none)} ` : null}
              <Link to="/packages" target={linkTarget}>
                {t('clips.feature.seeAll')}
              </Link>
            </p>
          )}
        </div>
      );
  }
}
