import type { Cookie } from '@remix-run/node';
import { appCookie } from '~/http/cookies.server';

/* The address a link was just mailed to, for the page that says so ("Check your inbox", "We sent
   a link to reset your password"): an encrypted cookie scoped to that page, for an hour, so the
   address never appears in a URL, a server log or the browser's history. */

const MAILED_COOKIE_NAMES = { '/verify-notice': 'mailed_verify', '/password-reset-request': 'mailed_reset' } as const;
export type MailedPage = keyof typeof MAILED_COOKIE_NAMES;

const mailedCookies = Object.fromEntries(
  Object.entries(MAILED_COOKIE_NAMES).map(([page, name]) => [page, appCookie(name, { path: page, maxAge: 60 * 60 })]),
) as Record<MailedPage, Cookie>;

/** Set-Cookie value that lets `page` name the address for the next hour. */
export const rememberMailedAddress = (page: MailedPage, email: string) => mailedCookies[page].serialize({ email });

/** The address `page` may name, or null. */
export async function mailedAddress(request: Request, page: MailedPage): Promise<string | null> {
  const value = (await mailedCookies[page].parse(request.headers.get('Cookie'))) as { email?: unknown } | null;
  return value && typeof value.email === 'string' ? value.email : null;
}
