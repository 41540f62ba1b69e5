import crypto from 'node:crypto';
import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { appCookie } from '~/http/cookies.server';

/* The cookie session: the api key (never in HTML), the user snapshot and the toast flash. The
   whole cookie is encrypted (cookies.server.ts): the browser holds it but cannot read the key,
   the fan's name or address in it. `Secure` follows COOKIE_SECURE, which is on by default when
   PUBLIC_URL is https:// (production) and off for `npm start` on plain http://localhost. */

export interface SessionData {
  /** This session's random id: the CSRF token is derived from it (security.server.ts), so a
   *  token is valid with this session cookie only. Renewed on sign-in and sign-out. */
  sid: string;
  /** The visitor's or fan's channel api key (the cookie is encrypted: it never shows). */
  apiKey: string;
  /** ISO time the api key expires (from POST /get_api_key). */
  apiKeyExpiresAt: string;
  /** Snapshot of the signed-in user; cleared on a 401 from the channel. */
  user: SessionUser;
  /** A social sign-in waiting for the fan to accept the terms (auth/pending-social.server.ts). */
  pendingSocial: unknown;
  /** A visitor's Follow, done once they sign in (auth/pending-follow.server.ts). */
  pendingFollow: unknown;
}

/** What the app remembers of the signed-in user between requests (never the password). */
export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  temporary_password: boolean;
  /** An operator of the channel (the header links the report; the channel decides access). */
  role?: 'fan' | 'operator';
}

/** The session's user, or null; tolerates snapshots from older releases. */
export function sessionUser(session: AppSession): SessionUser | null {
  const user = session.get('user') as Partial<SessionUser> | undefined;
  return user && typeof user.id === 'number' && typeof user.email === 'string'
    ? {
        id: user.id,
        email: user.email,
        first_name: user.first_name ?? '',
        last_name: user.last_name ?? '',
        temporary_password: user.temporary_password === true,
        role: user.role === 'operator' ? 'operator' : 'fan',
      }
    : null;
}

export function toSessionUser(user: SessionUser): SessionUser {
  const { id, email, first_name, last_name, temporary_password, role } = user;
  return { id, email, first_name, last_name, temporary_password, role: role === 'operator' ? 'operator' : 'fan' };
}

export type ToastType = 'success' | 'error' | 'info';
export interface Toast {
  text: string;
  type: ToastType;
}

interface FlashData {
  toast: Toast;
}

export type AppSession = Session<SessionData, FlashData>;

const storage = createCookieSessionStorage<SessionData, FlashData>({
  // A year: the api key has its own expiry, and the channel answers 403 when it lapses.
  cookie: appCookie('session', { maxAge: 60 * 60 * 24 * 365 }),
});

/** The Set-Cookie that ends a session in the browser. */
export function endSession(session: AppSession): Promise<string> {
  return storage.destroySession(session);
}

/** A session left with nothing but its id (a visitor who left a form page, or logged out and saw
 *  the toast): it serves no purpose but a CSRF token no page of theirs shows any more. */
export function holdsOnlyItsId(session: AppSession): boolean {
  return Object.keys(session.data).every((key) => key === 'sid');
}

/** The cookie session of a request. Routes use the request session (request-context.server.ts),
 *  which reads this once per HTTP request and commits it once. */
export function getSession(request: Request): Promise<AppSession> {
  return storage.getSession(request.headers.get('Cookie'));
}

/** This session's id, given one on first use (the CSRF token is derived from it). */
export function sessionId(session: AppSession): { sid: string; isNew: boolean } {
  const sid = session.get('sid');
  if (typeof sid === 'string' && sid) return { sid, isNew: false };
  const fresh = newSessionId();
  session.set('sid', fresh);
  return { sid: fresh, isNew: true };
}

const newSessionId = () => crypto.randomBytes(16).toString('base64url');

/** A new session id (sign-in, sign-out): forms rendered for the old session stop being accepted. */
export function renewSessionId(session: AppSession): void {
  session.set('sid', newSessionId());
}

/** Set-Cookie for this session; every committed session has an id. Only the request session
 *  (request-session.server.ts) commits, once per HTTP request. */
export function commitSession(session: AppSession): Promise<string> {
  sessionId(session);
  return storage.commitSession(session);
}

/** The toast flash, if any. Reading it consumes it once the session is committed. */
export function getToast(session: AppSession): Toast | null {
  const toast = session.get('toast');
  return toast && typeof toast.text === 'string' ? toast : null;
}

export function setToast(session: AppSession, toast: Toast): void {
  session.flash('toast', toast);
}
