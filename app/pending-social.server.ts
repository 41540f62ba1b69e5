import { createCookie } from '@remix-run/node';
import { z } from 'zod';
import { socialProvider } from '#contract/auth';
import type { Channel } from '~/channel/client.server';
import { env } from '~/env.server';
import { commitSession, getSession, openSecret, sealSecret, type AppSession } from '~/session.server';

/* Short-lived state of the registration flows, kept on the server side of a cookie:
   - a social sign-in waiting for the fan to accept the terms (in the session, sealed: it holds an
     ID token), which /registration turns into an account;
   - the address a link was just mailed to, for the page that says so (its own signed cookie, so
     the address never appears in a URL, a server log or the browser's history). */

/** A pending social sign-in lasts a few minutes; the provider's ID token expires soon anyway. */
export const PENDING_SOCIAL_TTL_MS = 15 * 60_000;

const pendingSocialShape = z.object({
  provider: socialProvider,
  id_token: z.string().min(1),
  email: z.string(),
  /** Where to go once signed in (safe-redirected when used). */
  redirectTo: z.string().max(2000).optional(),
  /** Epoch ms. */
  expiresAt: z.number(),
});

export type PendingSocial = Omit<z.infer<typeof pendingSocialShape>, 'expiresAt'>;

/** The pending sign-in in this session, or null (none, unreadable, or expired). */
export function pendingSocialOf(session: AppSession, now = Date.now()): PendingSocial | null {
  const sealed = session.get('pendingSocial');
  const opened = sealed ? openSecret(sealed) : null;
  if (!opened) return null;
  try {
    const parsed = pendingSocialShape.safeParse(JSON.parse(opened));
    if (!parsed.success || parsed.data.expiresAt <= now) return null;
    const { expiresAt: _expiresAt, ...value } = parsed.data;
    return value;
  } catch {
    return null;
  }
}

/** Stores (or with null, forgets) the pending sign-in on a session. */
export function putPendingSocial(session: AppSession, value: PendingSocial | null, now = Date.now()): void {
  if (value === null) session.unset('pendingSocial');
  else session.set('pendingSocial', sealSecret(JSON.stringify({ ...value, expiresAt: now + PENDING_SOCIAL_TTL_MS })));
}

/** The pending sign-in of this request's session, or null. */
export async function readPendingSocial(request: Request): Promise<PendingSocial | null> {
  return pendingSocialOf(await getSession(request));
}

/**
 * Response headers that carry the channel's session changes (a new api key, a toast) and the
 * pending sign-in (`null` clears it). Use them instead of `channel.headers()`.
 *
 * The channel keeps its session to itself, so the change is applied to the session the channel
 * is about to commit (or, when it commits nothing, to the request's): one `__session` cookie.
 */
export async function setPendingSocial(request: Request, channel: Channel, value: PendingSocial | null): Promise<Headers> {
  const channelHeaders = await channel.headers();
  const cookies = channelHeaders.getSetCookie();
  const committed = cookies.find((c) => c.startsWith('__session='));
  const cookieHeader = committed ? committed.split(';')[0] : (request.headers.get('Cookie') ?? '');
  const session = await getSession(new Request(request.url, { headers: { Cookie: cookieHeader } }));
  putPendingSocial(session, value);
  const headers = new Headers();
  for (const cookie of cookies) if (cookie !== committed) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', await commitSession(session));
  return headers;
}

/* The address a link was just mailed to, for the page that says so ("Check your inbox", "We sent
   a link to reset your password"): a signed cookie scoped to that page, for an hour. */

const MAILED_COOKIE_NAMES = { '/verify-notice': '__mailed_verify', '/password-reset-request': '__mailed_reset' } as const;
export type MailedPage = keyof typeof MAILED_COOKIE_NAMES;

const mailedCookies = Object.fromEntries(
  Object.entries(MAILED_COOKIE_NAMES).map(([page, name]) => [
    page,
    createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      path: page,
      secure: env.COOKIE_SECURE,
      secrets: env.SESSION_SECRET,
      maxAge: 60 * 60,
    }),
  ]),
) as Record<MailedPage, ReturnType<typeof createCookie>>;

/** Set-Cookie value that lets `page` name the address for the next hour. */
export const rememberMailedAddress = (page: MailedPage, email: string) => mailedCookies[page].serialize({ email });

/** The address `page` may name, or null. */
export async function mailedAddress(request: Request, page: MailedPage): Promise<string | null> {
  const value = (await mailedCookies[page].parse(request.headers.get('Cookie'))) as { email?: unknown } | null;
  return value && typeof value.email === 'string' ? value.email : null;
}
