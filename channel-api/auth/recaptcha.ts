import { SERVER_MSG } from '../../contract/auth.ts';
import { HttpError } from '../http/errors.ts';

/* Google reCAPTCHA, checked on the public auth posts when a secret is configured. */

export interface RecaptchaConfig {
  secret: string;
  verifyUrl: string;
}
export const GOOGLE_SITEVERIFY = 'https://www.google.com/recaptcha/api/siteverify';

const field = 'recaptcha_token';

export async function checkRecaptcha(config: RecaptchaConfig | null, token: string | undefined, remoteIp: string | undefined): Promise<void> {
  if (!config) return;
  if (!token) throw new HttpError(400, 'recaptcha_required', SERVER_MSG.recaptchaRequired, { [field]: [SERVER_MSG.recaptchaRequired] });
  const form = new URLSearchParams({ secret: config.secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  let success = false;
  try {
    const res = await fetch(config.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { success?: unknown };
    success = res.ok && body.success === true;
  } catch {
    // Google unreachable: not the fan's fault, but we cannot tell a person from a robot either.
    throw new HttpError(503, 'service_unavailable', 'The robot check is not available right now. Please try again in a moment.');
  }
  if (!success) throw new HttpError(400, 'recaptcha_invalid', SERVER_MSG.recaptchaInvalid, { [field]: [SERVER_MSG.recaptchaInvalid] });
}
