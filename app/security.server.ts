import { createCookie, json } from '@remix-run/node';
import { CSRF, CSRFError } from 'remix-utils/csrf/server';
import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { env } from '~/env.server';

/* Every POST proves it comes from one of our own pages: same origin (checked again here, and in
   server.ts for every POST) and the CSRF token of this browser. Public forms also carry a
   honeypot. A refused post changes nothing: the action stops before any channel call. */

const csrfCookie = createCookie('__csrf', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: env.COOKIE_SECURE,
  secrets: env.SESSION_SECRET,
});

export const csrf = new CSRF({ cookie: csrfCookie, formDataKey: 'csrf', secret: env.SESSION_SECRET[0] });

/** Clears the CSRF cookie, so the next page mints a new token (on sign-in and sign-out). */
export const expireCsrfCookie = () => csrfCookie.serialize('', { maxAge: 0 });

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

/** The post's Origin (or, lacking one, Sec-Fetch-Site) says it comes from this site. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  if (origin && origin !== 'null') {
    const host = request.headers.get('X-Forwarded-Host') ?? request.headers.get('Host');
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  const site = request.headers.get('Sec-Fetch-Site');
  return site === null || site === 'same-origin' || site === 'none';
}

/**
 * Reads a POST's form data after the same-origin, CSRF and (for public forms) honeypot checks.
 * Throws a 403/400 response that the root error screen explains; nothing else runs.
 */
export async function readForm(request: Request, opts: { honeypot?: boolean } = {}): Promise<FormData> {
  if (!isSameOrigin(request)) throw refused(403, FORM_REFUSED);
  const formData = await request.formData();
  try {
    await csrf.validate(formData, request.headers);
    if (opts.honeypot) honeypot.check(formData);
  } catch (error) {
    if (error instanceof CSRFError) throw refused(403, FORM_EXPIRED);
    if (error instanceof SpamError) throw refused(400, FORM_REFUSED);
    throw error;
  }
  return formData;
}

/** The "Form not sent" answer (root error screen): a post this app will not act on. */
export function refused(status: number, message = FORM_REFUSED) {
  return json({ screen: 'form-refused', message }, { status, headers: { 'Cache-Control': 'no-store' } });
}
