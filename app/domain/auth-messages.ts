import type { RefusalCode } from '#contract';
import type { Refusal } from '~/channel/refusal.server';

/* The spec's user messages (section 8), and which one a fan sees for a channel answer: chosen by
   the refusal's code, never by its English message (which is shown as it is or not at all). */

export const USER_MSG = {
  invalidLogin: 'Invalid email or password. Please try again.',
  generic: 'Something went wrong. Please try again or contact technical support',
  outage: 'Apologies! Our service is currently experiencing technical difficulties.',
  verifyFailed: 'Verification your email address failed.',
  alreadyVerified: 'Your email already verified.',
  notRegistered: 'You are not registered yet. Please accept terms and conditions and click Register to continue.',
  undefinedError: 'Undefined error',
} as const;

/** Refusals whose message a fan sees as it is (it is already written for people). */
const SHOWN_AS_IS = new Set<RefusalCode>([
  'email_taken',
  'already_signed_in',
  'user_not_found',
  'reset_expired',
  'reset_failed',
  'recaptcha_required',
  'recaptcha_invalid',
  'not_verified',
  'email_not_shared',
]);

/** Refusals the spec words its own way (SERVER_MSG → USER_MSG). */
const MAPPED: Partial<Record<RefusalCode, string>> = {
  wrong_credentials: USER_MSG.invalidLogin,
  verification_failed: USER_MSG.verifyFailed,
  already_verified: USER_MSG.alreadyVerified,
  not_registered: USER_MSG.notRegistered,
};

/** The sign-in limits' words, the web server's per address and the channel's per account alike,
 *  so a refusal says nothing about the account; `retryAfterSeconds` as in Retry-After. */
export function signInThrottledMessage(retryAfterSeconds = 60): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. For your security, please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} before you try again.`;
}

/** What to tell the fan for a refused call (the form's message). A 429 reaches a form only from the
 *  sign-in limits (CallOptions.handles429): it says how long to wait. */
export function userMessage(refusal: Pick<Refusal, 'kind' | 'code' | 'message' | 'retryAfterSeconds'>): string {
  if (refusal.kind === 'outage') return USER_MSG.outage;
  if (refusal.kind === 'throttled') return signInThrottledMessage(refusal.retryAfterSeconds);
  return MAPPED[refusal.code] ?? (SHOWN_AS_IS.has(refusal.code) ? refusal.message : USER_MSG.generic);
}

/** A field's reason from the channel: the spec's words for a refusal it words its own way, else the
 *  reason as it is (the contract's field rules carry the spec's messages). */
export function userFieldMessage(refusal: Pick<Refusal, 'code'>, reason: string): string {
  return MAPPED[refusal.code] ?? reason;
}
