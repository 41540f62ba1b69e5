/* The visitor's cookie choice (ADR 051): Accept or Reject on the cookie notice, kept in a cookie
   for a year without an account. It decides the Google tag's consent (app/domain/google-tag.ts).
   Pages vary on it (server/remix-handler.ts, the microcache's key; `Vary: Cookie` for a CDN), so
   a visitor who decided gets the copy without the notice, with JavaScript off too. */

export const CONSENT_COOKIE = '__consent';
const CHOICE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)(?:;|$)`);

export type ConsentChoice = 'granted' | 'denied';

/** The choice in a Cookie header: 'granted', 'denied', or null when the visitor never chose (or the value is not ours). */
export function consentChoice(cookieHeader: string | null | undefined): ConsentChoice | null {
  const match = CHOICE.exec(cookieHeader ?? '');
  return match ? (match[1] as ConsentChoice) : null;
}

/** The form's field: 'accept' or 'reject' (anything else is refused). */
export function choiceOfAnswer(answer: unknown): ConsentChoice | null {
  return answer === 'accept' ? 'granted' : answer === 'reject' ? 'denied' : null;
}

/** The choice's cookie: a year, first-party, not readable by scripts (the page carries the choice). */
export function consentCookie(choice: ConsentChoice, https: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`;
}

/** The page variant of a request's choice (part of the microcache's key, beside the data saver's). */
export function consentVariant(headers: Record<string, string | string[] | undefined>): 'undecided' | ConsentChoice {
  const cookie = headers.cookie;
  return consentChoice(Array.isArray(cookie) ? cookie.join('; ') : cookie) ?? 'undecided';
}

/** What the page does about consent, from the channel's settings and the visitor's cookie:
 *  - the notice shows while the channel has it on and the visitor has not chosen;
 *  - the Google tag's consent is the visitor's choice only when the notice is on: with it off,
 *    nothing is ever granted (the tag runs in denied mode: no cookies, no ad data). */
export function consentState(opts: { noticeOn: boolean; cookieHeader: string | null | undefined }): { notice: boolean; consent: ConsentChoice } {
  const choice = opts.noticeOn ? consentChoice(opts.cookieHeader) : null;
  return { notice: opts.noticeOn && choice === null, consent: choice ?? 'denied' };
}
