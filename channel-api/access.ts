/*
 * Who may watch what. Today there are no users, so only free content is open; the accounts and
 * commerce issues extend `Viewer` (user, purchases) and this one function.
 */

export interface Viewer {
  userId: number | null;
}
export const anonymous: Viewer = { userId: null };

/** Anything not typed 'paid' is free (spec: type 'paid' or other). */
export function hasAccess(item: { type: string }, _viewer: Viewer): boolean {
  return item.type !== 'paid';
}
