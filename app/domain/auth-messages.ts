import { SERVER_MSG } from '#contract/auth';

/* The spec's user messages (section 8), and which one a fan sees for a channel answer. */

export const USER_MSG = {
  invalidLogin: 'Invalid email or password. Please try again.',
  generic: 'Something went wrong. Please try again or contact technical support',
  outage: 'Apologies! Our service is currently experiencing technical difficulties.',
  verifyFailed: 'Verification your email address failed.',
  alreadyVerified: 'Your email already verified.',
  notRegistered: 'You are not registered yet. Please accept terms and conditions and click Register to continue.',
  undefinedError: 'Undefined error',
} as const;

/** Server messages a fan sees as they are (they are already written for people). */
const SHOWN_AS_IS = new Set<string>([
  SERVER_MSG.emailTaken,
  SERVER_MSG.alreadyLoggedIn,
  SERVER_MSG.userNotFound,
  SERVER_MSG.resetExpired,
  SERVER_MSG.resetFailed,
  SERVER_MSG.recaptchaRequired,
  SERVER_MSG.recaptchaInvalid,
  SERVER_MSG.notVerified,
]);

const MAPPED: Record<string, string> = {
  [SERVER_MSG.wrongAuth]: USER_MSG.invalidLogin,
  [SERVER_MSG.verificationFailed]: USER_MSG.verifyFailed,
  [SERVER_MSG.alreadyVerified]: USER_MSG.alreadyVerified,
  [SERVER_MSG.notRegistered]: USER_MSG.notRegistered,
};

/** The sign-in limits' words, the web server's per address and the channel's per account alike,
 *  so a refusal says nothing about the account; `retryAfterSeconds` as in Retry-After. */
export function signInThrottledMessage(retryAfterSeconds = 60): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. For your security, please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} before you try again.`;
}

/** What to tell the fan for a failed call: `status` of the answer, `message` its reason. */
export function userMessage(message: string, status: number): string {
  if (status >= 500) return USER_MSG.outage;
  return MAPPED[message] ?? (SHOWN_AS_IS.has(message) ? message : USER_MSG.generic);
}

/** A field reason from the channel: spec validation messages pass, anything else is mapped. */
export function userFieldMessage(message: string): string {
  return MAPPED[message] ?? message;
}
