/* What a fan who may not clip or download a game can buy to do it (issue 25, ADR 038): the
 * channel's products that grant the capability and cover this game, cheapest first. Which product
 * grants what is the channel's data (each product's `capabilities`); worked out from the catalogue
 * every visitor shares, so an anonymous watch page stays shared. */
import { accessTypeOf } from '#contract/access';
import type { FeatureState } from '#contract/entities';
import { ENGLISH, type AppTranslator } from '~/i18n/english';
import { asOffer, productOffersFor, type Catalogue, type Offer, type OfferTarget } from './offers';

/** The features a watch page speaks of, and the words for them. */
export type Feature = 'clip' | 'download';

export function featureOffers(
  game: OfferTarget,
  catalogue: Catalogue,
  currency: string,
  capability: string,
  canWatch: boolean,
  i18n: AppTranslator = ENGLISH,
): Offer[] {
  const ppv = accessTypeOf(game.type) === 'ppv';
  return (
    productOffersFor(game, catalogue, currency, i18n)
      .filter((o) => o.capabilities.some((c) => c === capability))
      // A fan who may watch the game is not sold its ticket again; one who may not needs a product
      // that also opens it (a pay-per-view game: its ticket only).
      .filter((o) => (canWatch ? o.kind !== 'event' : o.capabilities.includes('watch') && (!ppv || o.kind === 'event')))
      .sort((a, b) => a.amount - b.amount)
      .map(asOffer)
  );
}

/** The offers for both features of a game, from its `features` (contract eventDetail): none where
 *  the fan already may, or where buying would not help (a visitor signs in first; nothing to clip
 *  or download yet). */
export function featureOffersOf(
  game: OfferTarget,
  features: Record<Feature, FeatureState>,
  catalogue: Catalogue,
  currency: string,
  i18n: AppTranslator = ENGLISH,
): Record<Feature, Offer[]> {
  const offers = (f: FeatureState) =>
    f.state === 'no_capability' || f.state === 'no_access' ? featureOffers(game, catalogue, currency, f.capability, f.state === 'no_capability', i18n) : [];
  return { clip: offers(features.clip), download: offers(features.download) };
}
