import type { UserRow } from './repo/users.ts';

/*
 * Who may watch what, and what a fan may do. Only free content is open so far; the commerce
 * issue extends `Viewer` (purchases), `hasAccess` and `capabilitiesOf`, using the signed-in user
 * the api key belongs to. Nothing else maps capabilities.
 */

export interface Viewer {
  userId: number | null;
  /** The signed-in user (capabilities, trial), or null for a visitor. */
  user: UserRow | null;
}
export const anonymous: Viewer = { userId: null, user: null };

/** Anything not typed 'paid' is free (spec: type 'paid' or other). */
export function hasAccess(item: { type: string }, _viewer: Viewer): boolean {
  return item.type !== 'paid';
}

/** The fan's capabilities as the contract spells them (lowercase). */
export function capabilitiesOf(user: Pick<UserRow, 'capabilities'>): string[] {
  return user.capabilities.map((c) => c.toLowerCase());
}
