import { Suspense } from 'react';
import type { FeatureState, StreamStatus } from '#contract/entities';
import { FeatureNotice } from '~/components/FeatureNotice';
import type { Offer } from '~/domain/offers';
import { hydrateLater } from '~/http/hydrate-later';
import { useI18n } from '~/i18n/use-i18n';
import clipsCss from '~/styles/clips.css';
import formsCss from '~/styles/forms.css';

/** The clip forms: their module, with conform and zod, is fetched when they first render. */
const LaterClipForms = hydrateLater(() => import('./ClipForms').then((m) => m.ClipForms));

export interface ClipPanelData {
  /** Whether the viewer may clip this game now, and if not why (`event.features.clip`). */
  feature: FeatureState;
  status: StreamStatus;
  /** What would let them (domain/feature-offers). */
  offers: Offer[];
  /** The channel's clip tags. */
  tags: string[];
  live: boolean;
}

/** The panel's stylesheets, linked where it starts rather than in the head (ADR 063): the page
 *  above it, the player, paints without waiting for them, and a visitor's page has none. */
function PanelStyles() {
  return (
    <>
      <link rel="stylesheet" href={formsCss} />
      <link rel="stylesheet" href={clipsCss} />
    </>
  );
}

/** What the watch page says of clipping under its player: the clip forms for a fan who may clip the
 *  game (ClipForms, whose code the browser loads apart: a visitor's page never fetches it), else
 *  what clipping takes. */
export function ClipPanel({ data }: { data: ClipPanelData }) {
  const { t } = useI18n();
  // A fan who may not watch the game is told by the player what that takes; a visitor is asked
  // to log in by the page's one notice (FeatureSignIn).
  if (data.feature.state === 'no_access' || data.feature.state === 'sign_in') return null;
  return (
    <section className="clip-panel" aria-labelledby="clip-title">
      <PanelStyles />
      <h2 id="clip-title">{t('clips.clip')}</h2>
      {data.feature.state === 'allowed' ? (
        <Suspense fallback={null}>
          <LaterClipForms data={data} />
        </Suspense>
      ) : (
        <FeatureNotice feature="clip" state={data.feature} game={{ status: data.status }} offers={data.offers} />
      )}
    </section>
  );
}
