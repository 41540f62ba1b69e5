import { z } from 'zod';

/* Why the channel API refused a call, as a stable machine-readable `code` beside the message every
   4xx and 5xx body carries (`{ code, message, errors? }`). The message is for people and may be
   reworded; the code is what a client decides on (the web app: app/channel/refusal.server.ts).
   One list for both sides: a new code is added here, and only here. */

/** Why a gift cannot be bought, sent or redeemed (contract/gifts.ts GIFT_MSG): each message is
 *  written for the fan, who reads it as it is. */
export const GIFT_REFUSAL_CODES = [
  'not_giftable',
  'gift_recipient_required',
  'gift_own_email',
  'gift_redeemed',
  'gift_own',
  'gift_already_have',
  'gift_not_paid',
  'gift_just_mailed',
] as const;

export const REFUSAL_CODES = [
  // Any endpoint, by status.
  /** 400: a parameter the contract or a rule refuses (per field in `errors`). */
  'invalid_params',
  /** 400, 413, 415: a request that cannot be read (not JSON, too large, an unknown charset). */
  'bad_request',
  /** 401: the call needs a signed-in fan. */
  'unauthenticated',
  /** 403: no channel key or api key, or one that is not (or no longer) valid. */
  'no_key',
  /** 403: the caller may not do this. */
  'forbidden',
  /** 404: no such thing (an event, a pass, an order, a gift, a page). */
  'not_found',
  /** 409: the thing is not in a state that allows this now (reload and look again). */
  'conflict',
  /** 429: too many calls; Retry-After says how long to wait. */
  'throttled',
  /** 500: our own bug. */
  'internal_error',
  /** 502, 503, 504: a service the call needs (the robot check, a sign-in provider; for the web app,
   *  the channel itself) cannot be reached. */
  'service_unavailable',
  /** 502: the payment provider cannot be reached. */
  'payment_provider_unavailable',

  // Accounts (contract/auth.ts SERVER_MSG).
  'wrong_credentials',
  'email_taken',
  'already_signed_in',
  'not_verified',
  'not_registered',
  'user_not_found',
  'verification_failed',
  'already_verified',
  'reset_expired',
  'reset_failed',
  'recaptcha_required',
  'recaptcha_invalid',
  /** 400: the sign-in provider (Facebook) shared no e-mail address, the account's key. */
  'email_not_shared',

  // Buying (contract/orders.ts ORDER_MSG), and giving (above: contract/gifts.ts GIFT_MSG).
  'not_selected',
  'already_bought',
  'not_for_sale',
  'not_covered',
  'not_a_choice',
  'not_an_add_on',
  'needs_regular_pass',
  'needs_checkout',
  'wrong_promo_code',
  'trial_used',
  'no_trial',
  'not_renewing',
  'card_not_found',
  ...GIFT_REFUSAL_CODES,

  // Clips and downloads (contract/clips.ts).
  /** 403: the fan may watch the game, but none of their passes grants this (clipping, download,
   *  download_clip); the message names what would. */
  'no_capability',
  /** 409: not for this game now (nothing to clip before it starts; a live game cannot be
   *  downloaded; a clip still being made). */
  'not_available',

  // Regions (contract/regions.ts).
  /** 403: the game is not shown in the viewer's region (the channel blocks their country, or the
   *  game is blacked out there): no stream, grant, clip or download. */
  'geo_blocked',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];
export const refusalCode = z.enum(REFUSAL_CODES);

export const isRefusalCode = (value: unknown): value is RefusalCode => (REFUSAL_CODES as readonly unknown[]).includes(value);

/** The code of a refusal that has no reason of its own: the status says it all. */
export function codeForStatus(status: number): RefusalCode {
  const byStatus: Record<number, RefusalCode> = {
    400: 'invalid_params',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    429: 'throttled',
    500: 'internal_error',
  };
  return byStatus[status] ?? (status >= 500 ? 'service_unavailable' : 'bad_request');
}
