import { z } from 'zod';
import { mailedToken, message } from './auth.ts';
import { endpoint, envelope, publicGet } from './http.ts';

/* Deleting an account by a mailed confirmation link (spec section 7). */

/** Public: what a mailed deletion link is for (masked address), so the page can ask to confirm. */
export const deleteAccountInfo = publicGet(
  'deleteAccountInfo',
  '/delete-account-confirm',
  z.object({ email: z.string(), expires_at: z.string() }),
  z.object({ token: mailedToken }).strict(),
);

/** Without `token` (signed in): mails the confirmation link. With `token`: deletes the account
 *  (profile, follows, clips, sessions; orders stay, detached from personal data). */
export const deleteAccountConfirm = endpoint({
  name: 'deleteAccountConfirm',
  method: 'POST',
  path: '/delete-account-confirm',
  auth: 'apiKey',
  params: z.object({ token: mailedToken.optional() }).strict(),
  response: envelope(message),
});
