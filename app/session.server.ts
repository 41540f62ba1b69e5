import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { env } from '~/env.server';

/* The signed cookie session: the api key (never sent to the browser in clear, never in HTML),
   the user snapshot and the toast flash. `Secure` follows COOKIE_SECURE (default false) because
   `npm start` serves plain http://localhost; set COOKIE_SECURE=true behind HTTPS. */

export interface SessionData {
  apiKey: string;
  /** ISO time the api key expires (from POST /get_api_key). */
  apiKeyExpiresAt: string;
  /** Snapshot of the signed-in user; cleared on a 401 from the channel. */
  user: unknown;
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
  cookie: {
    name: '__session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.COOKIE_SECURE,
    secrets: env.SESSION_SECRET,
    // A year: the api key has its own expiry, and the channel answers 403 when it lapses.
    maxAge: 60 * 60 * 24 * 365,
  },
});

export function getSession(request: Request): Promise<AppSession> {
  return storage.getSession(request.headers.get('Cookie'));
}

export const commitSession = storage.commitSession;
export const destroySession = storage.destroySession;

/** Read (and consume) the toast flash; commit the session afterwards so it is gone on reload. */
export function getToast(session: AppSession): Toast | null {
  const toast = session.get('toast');
  return toast && typeof toast.text === 'string' ? toast : null;
}

export function setToast(session: AppSession, toast: Toast): void {
  session.flash('toast', toast);
}
