/* The ways to get an event a fan cannot watch yet (issue 10): the single event (a paid event is
 * sold with a single-event package of its category), the passes that cover its category or one of
 * its teams, and the subscriptions that cover it — each a link with its price. Worked out from the
 * channel's catalogue, which is the same for every visitor: an anonymous watch page stays shared. */
import { accessTypeOf, isSold } from '#contract/access';
import type { Package, Subscription } from '#contract/entities';
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

export interface OfferTarget {
  id: number;
  /** Its access type (contract/access.ts): only paid and pay-per-view events are sold. */
  type: string;
  /** The event's category first, then its parents. */
  categoryIds: number[];
  participantIds: number[];
}

const byWeight = <T extends { weight: number; id: number }>(a: T, b: T) => a.weight - b.weight || a.id - b.id;

export function offersFor(event: OfferTarget, catalogue: { packages: Package[]; subscriptions: Subscription[] }, currency: string): Offer[] {
  if (!isSold(event.type)) return [];
  const inCategory = (categories: number[]) => categories.some((c) => event.categoryIds.includes(c));
  const packages = [...catalogue.packages].sort(byWeight);
  const offers: Offer[] = [];

  const ticket = packages.find((p) => p.type === 'event' && inCategory(p.event_categories));
  if (ticket) offers.push({ kind: 'event', title: 'Buy this game', price: priceTitle(ticket, currency), href: `/buy?event=${event.id}&package=${ticket.id}` });
  // Pay-per-view: the ticket is the only way in.
  if (accessTypeOf(event.type) === 'ppv') return offers;

  for (const pass of packages) {
    if (pass.type !== 'package' || pass.kind !== 'regular' || pass.pass_type === 'free') continue;
    const choice = pass.is_team_pass
      ? pass.participants.find((p) => event.participantIds.includes(p))
      : pass.event_categories.find((c) => event.categoryIds.includes(c));
    if (choice === undefined) continue;
    offers.push({ kind: 'pass', title: pass.name, price: priceTitle(pass, currency), href: `/select-package/${pass.id}?choose=${choice}` });
  }

  for (const sub of [...catalogue.subscriptions].sort(byWeight)) {
    if (inCategory(sub.event_categories))
      offers.push({ kind: 'subscription', title: sub.name, price: priceTitle(sub, currency), href: `/buy?subscription=${sub.id}` });
  }
  return offers;
}
