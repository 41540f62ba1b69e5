/* No imports: browser code may use these rules without pulling zod in. */

/**
 * Who may watch an event or a video (spec section 4, "Pass access types"): its `type`.
 * - free: anyone, signed in or not; its media is public;
 * - register: any signed-in fan;
 * - paid: a fan whose pass, package, subscription or single-event ticket covers it (a video: the
 *   vod_media_access capability);
 * - ppv: pay-per-view, only a ticket for that very event (passes and subscriptions do not cover it).
 * Any other value is taken as paid: what the channel sells is never given away by a typo.
 */
export const ACCESS_TYPES = ['free', 'register', 'paid', 'ppv'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export function accessTypeOf(type: string): AccessType {
  return (ACCESS_TYPES as readonly string[]).includes(type) ? (type as AccessType) : 'paid';
}

/** Whether an event of this type is sold (a ticket, a pass): paid and pay-per-view ones are. */
export const isSold = (type: string): boolean => ['paid', 'ppv'].includes(accessTypeOf(type));
