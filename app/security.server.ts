import crypto from 'node:crypto';
import { json } from '@remix-run/node';
import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { env } from '~/env.server';
import { isSameOrigin } from '~/http/same-origin';
import { getSession, sessionId, type AppSession } from '~/session.server';

/* Every POST proves it comes from one of our own pages: same origin (checked in server.ts for
   every request that can change something, and again here) and the CSRF token of this session.
   Public forms also carry a honeypot. A refused post changes nothing: the action stops before
   any channel call. */

/** The form field that carries the CSRF token. */
export const CSRF_FIELD = 'csrf';

/* The token is an HMAC of the session's id (session.server.ts sessionId): it validates with
   the session cookie it was made for and no other, and a new session id (sign-in, sign-out)
   retires it. Every configured secret verifies, so a secret rotation keeps open forms working. */
const csrfKeys = env.SESSION_SECRET.map((secret) => crypto.createHash('sha256').update(`fieldhouse-csrf:${secret}`).digest());
const tokenFor = (sid: string, key: Buffer) => crypto.createHmac('sha256', key).update(sid).digest('base64url');

/** The CSRF token for this session (and whether the session got its id just now: commit it). */
export function csrfToken(session: AppSession, request: Request): { token: string; isNew: boolean } {
  const { sid, isNew } = sessionId(session, request);
  return { token: tokenFor(sid, csrfKeys[0]), isNew };
}

function isValidCsrf(session: AppSession, token: FormDataEntryValue | null): boolean {
  const sid = session.get('sid');
  if (typeof sid !== 'string' || !sid || typeof token !== 'string' || token.length > 100) return false;
  const given = Buffer.from(token);
  return csrfKeys.some((key) => {
    const expected = Buffer.from(tokenFor(sid, key));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}

/** The honeypot input's name (components/form/FormGuards renders it). */
export const HONEYPOT_FIELD = 'fh_website';

export const honeypot = new Honeypot({
  nameFieldName: HONEYPOT_FIELD,
  // No encrypted timestamp: its crypto-js ciphertext would sit in every page's HTML for nothing.
  validFromFieldName: null,
  encryptionSeed: env.SESSION_SECRET[0],
});

export const FORM_EXPIRED = 'This form has expired. Please go back, reload the page and try again.';
export const FORM_REFUSED = 'We could not accept this form. Please reload the page and try again.';
/** Our forms post url-encoded (JS off) or multipart (JS on); anything else is not one of them. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Reads a POST's form data after the same-origin, CSRF and (for public forms) honeypot checks.
 * Throws a 4xx response that the root error screen explains; nothing else runs.
 */
export async function readForm(request: Request, opts: { honeypot?: boolean } = {}): Promise<FormData> {
  if (!isSameOrigin((name) => request.headers.get(name))) throw refused(403, FORM_REFUSED);
  const type = request.headers.get('Content-Type')?.split(';')[0].trim().toLowerCase() ?? '';
  if (!FORM_TYPES.includes(type)) throw refused(415, FORM_REFUSED);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // A body that does not parse as what its Content-Type says (a broken multipart, say).
    throw refused(400, FORM_REFUSED);
  }
  if (!isValidCsrf(await getSession(request), formData.get(CSRF_FIELD))) throw refused(403, FORM_EXPIRED);
  try {
    if (opts.honeypot) honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw refused(400, FORM_REFUSED);
    throw error;
  }
  return formData;
}

/** The "Form not sent" answer (root error screen): a post this app will not act on. */
export function refused(status: number, message = FORM_REFUSED) {
  return json({ screen: 'form-refused', message }, { status, headers: { 'Cache-Control': 'no-store' } });
}
