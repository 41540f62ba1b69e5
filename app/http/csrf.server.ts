import crypto from 'node:crypto';
import { env } from '~/config/env.server';
import { sessionId, type AppSession } from '~/http/session-cookie.server';

/** The form field that carries the CSRF token. */
export const CSRF_FIELD = 'csrf';

/* The token is an HMAC of the session's id (session-cookie.server.ts sessionId): it validates with
   the session cookie it was made for and no other, and a new session id (sign-in, sign-out)
   retires it. Every configured secret verifies, so a secret rotation keeps open forms working. */
const csrfKeys = env.SESSION_SECRET.map((secret) => crypto.createHash('sha256').update(`fieldhouse-csrf:${secret}`).digest());
const tokenFor = (sid: string, key: Buffer) => crypto.createHmac('sha256', key).update(sid).digest('base64url');

/** The CSRF token for this session (and whether the session got its id just now: commit it). */
export function csrfToken(session: AppSession): { token: string; isNew: boolean } {
  const { sid, isNew } = sessionId(session);
  return { token: tokenFor(sid, csrfKeys[0]), isNew };
}

export function isValidCsrf(session: AppSession, token: FormDataEntryValue | null): boolean {
  const sid = session.get('sid');
  if (typeof sid !== 'string' || !sid || typeof token !== 'string' || token.length > 100) return false;
  const given = Buffer.from(token);
  return csrfKeys.some((key) => {
    const expected = Buffer.from(tokenFor(sid, key));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}
