import { env } from '~/config/env.server';

/* reCAPTCHA v2 on the public account forms, only when RECAPTCHA_SITE_KEY is set. The widget
   posts `g-recaptcha-response`; the channel API verifies it (RECAPTCHA_SECRET) and answers the
   spec's messages. Off by default: the widget needs JavaScript (ADR 008). */

export const recaptchaSiteKey = (): string | null => env.RECAPTCHA_SITE_KEY || null;

/** The widget's answer, for the channel call's `recaptcha_token` (absent when reCAPTCHA is off). */
export function recaptchaToken(formData: FormData): { recaptcha_token?: string } {
  if (!recaptchaSiteKey()) return {};
  const value = formData.get('g-recaptcha-response');
  return { recaptcha_token: typeof value === 'string' ? value.slice(0, 4000) : '' };
}
