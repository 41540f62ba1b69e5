import { json } from '@remix-run/node';
import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { env } from '~/config/env.server';
import { CSRF_FIELD, isValidCsrf } from '~/http/csrf.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import { isSameOrigin } from '~/http/same-origin';

/* Every POST proves it comes from one of our own pages: same origin (checked in server.ts for
   every request that can change something, and again here) and the CSRF token of this session.
   Public forms also carry a honeypot. A refused post changes nothing: the action stops before
   any channel call. */

/** The honeypot input's name (components/form/HoneypotField renders it). */
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
 * Reads a POST's form data after the same-origin, CSRF (none for a `preference`) and (for public
 * forms) honeypot checks.
 * Throws a 4xx response that the root error screen explains; nothing else runs.
 */
export async function readForm(args: RouteArgs, opts: { honeypot?: boolean; preference?: boolean } = {}): Promise<FormData> {
  const { request } = args;
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
  // A display preference (the data saver) changes nothing of an account and sits in pages every
  // anonymous visitor shares, so it carries no token: our own origin is its proof.
  if (!opts.preference && !isValidCsrf(await requestContext(args).session.read(), formData.get(CSRF_FIELD))) throw refused(403, FORM_EXPIRED);
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
