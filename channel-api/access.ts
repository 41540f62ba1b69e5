import { accessTypeOf } from '../contract/access.ts';
import type { FeatureState, StreamStatus } from '../contract/index.ts';
import type { OrderType } from './db/schema.ts';
import type { UserRow } from './repo/users.ts';

/*
 * Who may watch what, and what a fan may do (spec sections 3, 4 and 6). Pure: the fan's paid,
 * active orders come in as entitlements, each with its product's capabilities (repo/orders.ts
 * loads them once per request); nothing else decides access. Which product grants which
 * capability is the channel's data (ADR 038).
 */

/** What one paid, active order gives (a pass counts only when its order is paid and active). */
export interface Entitlement {
  type: OrderType;
  /** The pass, package or subscription bought. */
  productId: number | null;
  /** A single event. */
  eventId: number | null;
  /** A package's chosen category. */
  eventCategoryId: number | null;
  /** A team pass's chosen team. */
  participantId: number | null;
  /** A subscription's categories (every event in them or below them). */
  categories: number[];
  /** What its product lets the fan do (contract `capability`, lowercase; ADR 038): without
   *  'watch' it covers its games but opens none of them. */
  capabilities: readonly string[];
}

export interface Viewer {
  userId: number | null;
  /** The signed-in user (capabilities, trial), or null for a visitor. */
  user: UserRow | null;
  /** What the user's paid, active orders give; empty for a visitor. */
  entitlements: Entitlement[];
}

/** An event as access sees it: its category with the categories above it, and its teams. */
export interface Watchable {
  id: number;
  /** Its access type (contract: accessTypeOf): free, register, paid or ppv. */
  type: string;
  /** The event's category first, then its parents. */
  categoryIds: number[];
  participantIds: number[];
}

/** The event as access sees it. */
export const watchable = (event: { id: number; type: string; event_categories: { id: number }[]; participants: { id: number }[] }): Watchable => ({
  id: event.id,
  type: event.type,
  categoryIds: event.event_categories.map((c) => c.id),
  participantIds: event.participants.map((p) => p.id),
});

/** Whether one entitlement covers the event. */
export function covers(e: Entitlement, event: Watchable): boolean {
  switch (e.type) {
    case 'event':
      return e.eventId === event.id;
    case 'package':
      return (
        (e.eventCategoryId !== null && event.categoryIds.includes(e.eventCategoryId)) ||
        (e.participantId !== null && event.participantIds.includes(e.participantId))
      );
    case 'subscription':
      return e.categories.some((c) => event.categoryIds.includes(c));
  }
}

/** Whether the viewer may watch the event (and fetch its media), by its access type: a sold one
 *  through an entitlement that covers it and whose product grants 'watch'. */
export function hasAccess(event: Watchable, viewer: Pick<Viewer, 'userId' | 'entitlements'>): boolean {
  const watching = viewer.entitlements.filter((e) => e.capabilities.includes('watch'));
  switch (accessTypeOf(event.type)) {
    case 'free':
      return true;
    case 'register':
      return viewer.userId !== null;
    case 'ppv':
      // Pay-per-view: a ticket for this event, nothing broader.
      return watching.some((e) => e.type === 'event' && e.eventId === event.id);
    case 'paid':
      return watching.some((e) => covers(e, event));
  }
}

/** A video of the on-demand library: free for anyone, register for any signed-in fan, and
 *  anything sold (paid, ppv) for a fan with the vod_media_access capability. */
export function hasVodAccess(item: { type: string }, viewer: Pick<Viewer, 'user' | 'entitlements'>): boolean {
  const type = accessTypeOf(item.type);
  if (type === 'free') return true;
  if (viewer.user === null) return false;
  return type === 'register' || capabilitiesOf(viewer.user, viewer.entitlements).includes('vod_media_access');
}

/** The fan's capabilities as the contract spells them (lowercase): the account's own (granted by
 *  the channel) and those of the products of their paid, active orders (ADR 038, which replaced
 *  ADR 015's mapping by kind of purchase). What a product covers decides which games it opens;
 *  what it grants beyond watching (clip, download…) holds for every game the fan may watch. */
export function capabilitiesOf(user: Pick<UserRow, 'capabilities'>, entitlements: readonly Entitlement[]): string[] {
  const all = new Set(user.capabilities.map((c) => c.toLowerCase()));
  for (const e of entitlements) for (const c of e.capabilities) all.add(c.toLowerCase());
  return [...all];
}

/** The spec's basic-pass selection (section 2, ADR 053): the fan holds a pass in force, a package
 *  or a subscription (a trial too); a single game's ticket is not a pass. */
export const holdsBasicPass = (entitlements: readonly Entitlement[]): boolean => entitlements.some((e) => e.type !== 'event');

/** Whether the fan already has the subscription (a paid, active order of it): it is not sold again. */
export const ownsSubscription = (entitlements: readonly Entitlement[], subscriptionId: number): boolean =>
  entitlements.some((e) => e.type === 'subscription' && e.productId === subscriptionId);

/** Whether a subscription's free trial is open to the fan: one it offers, and a trial once per
 *  account (a visitor may still start one). */
export const trialOpen = (sub: { trial_period: number | null }, user: Pick<UserRow, 'trialPeriodUsed'> | null): boolean =>
  sub.trial_period !== null && !(user?.trialPeriodUsed ?? false);

/** What the viewer may do with a game beyond watching it (contract `featureState`): clip it once
 *  it has started, download it once it has finished (and has a file to download: `downloadable`,
 *  services/downloads.ts); each takes a capability of their passes. */
export function featuresOf(
  event: { stream_status: StreamStatus },
  viewer: Pick<Viewer, 'user' | 'entitlements'>,
  access: boolean,
  downloadable = true,
): { clip: FeatureState; download: FeatureState } {
  const feature = (capability: string, availableNow: boolean): FeatureState => {
    const state = !viewer.user
      ? 'sign_in'
      : !access
        ? 'no_access'
        : !availableNow
          ? 'unavailable'
          : capabilitiesOf(viewer.user, viewer.entitlements).includes(capability)
            ? 'allowed'
            : 'no_capability';
    return { state, capability };
  };
  return { clip: feature('clipping', event.stream_status !== 'upcoming'), download: feature('download', event.stream_status === 'finished' && downloadable) };
}
