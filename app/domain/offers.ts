/* The ways to get an event a fan cannot watch yet (issue 10): the single event (a paid event is
 * sold with a single-event package of its category), the passes that cover its category or one of
 * its teams, and the subscriptions that cover it — each a link with its price. Worked out from the
 * channel's catalogue, which is the same for every visitor: an anonymous watch page stays shared. */
import { accessTypeOf, isSold } from '#contract/access';
import type { Capability } from '#contract/auth';
import type { Package, Subscription } from '#contract/entities';
import { ENGLISH, type AppTranslator } from '~/i18n/english';
import { priceTitle } from './price-title';

export interface Offer {
  kind: 'event' | 'pass' | 'subscription';
  /** What the fan gets ('This game', the pass's or subscription's name). */
  title: string;
  /** Its price title ('$7.99', '$47.99/season', '$11.99/month'). */
  price: string;
  /** Where buying starts: /buy for a single event or a subscription, /select-package for a pass. */
  href: string;
}

/** An offer with what its product grants (ADR 038) and its price as a number (the channel's minor
 *  units, only compared, never shown): what feature-offers.ts chooses from. */
export interface ProductOffer extends Offer {
  capabilities: readonly Capability[];
  amount: number;
}

export interface OfferTarget {
  id: number;
  /** Its access type (contract/access.ts): only paid and pay-per-view events are sold. */
  type: string;
  /** The event's category first, then its parents. */
  categoryIds: number[];
  participantIds: number[];
}

export interface Catalogue {
  packages: Package[];
  subscriptions: Subscription[];
}

const byWeight = <T extends { weight: number; id: number }>(a: T, b: T) => a.weight - b.weight || a.id - b.id;

/** Every product sold that covers the event, in the catalogue's order: its single-game ticket (a
 *  sold event only), the regular passes of its category or of one of its teams, the subscriptions
 *  of its category. What each lets the fan do is not decided here. */
export function productOffersFor(event: OfferTarget, catalogue: Catalogue, currency: string, i18n: AppTranslator = ENGLISH): ProductOffer[] {
  const inCategory = (categories: number[]) => categories.some((c) => event.categoryIds.includes(c));
  const packages = [...catalogue.packages].sort(byWeight);
  const offers: ProductOffer[] = [];
  const product = (p: Package | Subscription) => ({ capabilities: p.capabilities, amount: p.base_price, price: priceTitle(p, currency, i18n) });

  const ticket = isSold(event.type) ? packages.find((p) => p.type === 'event' && inCategory(p.event_categories)) : undefined;
  if (ticket) offers.push({ kind: 'event', title: i18n.t('commerce.offer.buyGame'), href: `/buy?event=${event.id}&package=${ticket.id}`, ...product(ticket) });

  for (const pass of packages) {
    if (pass.type !== 'package' || pass.kind !== 'regular' || pass.pass_type === 'free') continue;
    const choice = pass.is_team_pass
      ? pass.participants.find((p) => event.participantIds.includes(p))
      : pass.event_categories.find((c) => event.categoryIds.includes(c));
    if (choice === undefined) continue;
    offers.push({ kind: 'pass', title: pass.name, href: `/select-package/${pass.id}?choose=${choice}`, ...product(pass) });
  }

  for (const sub of [...catalogue.subscriptions].sort(byWeight)) {
    if (inCategory(sub.event_categories)) offers.push({ kind: 'subscription', title: sub.name, href: `/buy?subscription=${sub.id}`, ...product(sub) });
  }
  return offers;
}

/** The plain offer a link shows. */
export const asOffer = ({ kind, title, price, href }: Offer): Offer => ({ kind, title, price, href });

export function offersFor(event: OfferTarget, catalogue: Catalogue, currency: string, i18n: AppTranslator = ENGLISH): Offer[] {
  if (!isSold(event.type)) return [];
  const all = productOffersFor(event, catalogue, currency, i18n);
  // Pay-per-view: the ticket is the only way in.
  return (accessTypeOf(event.type) === 'ppv' ? all.filter((o) => o.kind === 'event') : all).map(asOffer);
}
