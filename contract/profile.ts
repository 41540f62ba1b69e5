import { z } from 'zod';
import { MSG, PASSWORD_MAX, passwordField, passwordsMatch, PASSWORDS_MATCH, personFields, user } from './auth.ts';
import { apiGet, endpoint, envelope } from './http.ts';
import { LOCALES } from './locale.ts';

/* The signed-in fan's profile (spec section 7): read, edit, and what they may do. */

/** 401 when the api key is not a user's. */
export const profile = apiGet('profile', '/profile', user);

/** Profile update (POST with _method=patch). A new password needs `current_password`, except while
 *  the password is temporary; setting one clears `temporary_password`. A changed e-mail must be
 *  verified again (a link is mailed to the new address). */
export const updateProfile = endpoint({
  name: 'updateProfile',
  method: 'POST',
  path: '/profile',
  auth: 'apiKey',
  params: personFields
    .partial()
    .extend({
      _method: z.literal('patch'),
      news_opt_in: z.boolean().optional(),
      current_password: z.string().max(PASSWORD_MAX).optional(),
      password: passwordField.optional(),
      password_confirmation: z.string().max(PASSWORD_MAX, MSG.passwordMismatch).optional(),
    })
    .strict()
    .refine(passwordsMatch, PASSWORDS_MATCH),
  response: envelope(user),
});

/** What the user may do (capabilities) and has used (featureCount). */
export const userAccess = apiGet(
  'userAccess',
  '/user/access',
  z.object({
    capabilities: z.array(z.string()),
    featureCount: user.shape.featureCount,
    trial_period_used: z.boolean(),
    /** The spec's basic-pass selection (section 2): the fan holds a pass, a package or a
     *  subscription in force (a single game is not one). The basic-pass gate reads it (ADR 053). */
    has_basic_pass: z.boolean().default(false),
  }),
);

/** The signed-in fan's language (issue 36, ADR 055), as the footer's language form sets it: kept
 *  on the account for the mails sent outside a request (receipts, renewals, alerts). On a channel
 *  with multilanguage off nothing is kept; the answer says the language the fan's mails are in. */
export const setLanguage = endpoint({
  name: 'setLanguage',
  method: 'POST',
  path: '/profile/language',
  auth: 'apiKey',
  params: z.object({ language: z.enum(LOCALES) }).strict(),
  response: envelope(z.object({ language: z.enum(LOCALES) })),
});
