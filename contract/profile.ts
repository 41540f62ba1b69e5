import { z } from 'zod';
import { emailField, MSG, nameField, PASSWORD_MAX, passwordField, user } from './auth.ts';
import { endpoint, envelope, noParams } from './http.ts';

/* The signed-in fan's profile (spec section 7): read, edit, and what they may do. */

/** 401 when the api key is not a user's. */
export const profile = endpoint({ name: 'profile', method: 'GET', path: '/profile', auth: 'apiKey', params: noParams, response: envelope(user) });

/** Profile update (POST with _method=patch). A new password needs `current_password`, except while
 *  the password is temporary; setting one clears `temporary_password`. A changed e-mail must be
 *  verified again (a link is mailed to the new address). */
export const updateProfile = endpoint({
  name: 'updateProfile',
  method: 'POST',
  path: '/profile',
  auth: 'apiKey',
  params: z
    .object({
      _method: z.literal('patch'),
      first_name: nameField(MSG.firstName).optional(),
      last_name: nameField(MSG.lastName).optional(),
      email: emailField.optional(),
      news_opt_in: z.boolean().optional(),
      current_password: z.string().max(PASSWORD_MAX).optional(),
      password: passwordField.optional(),
      password_confirmation: z.string().max(PASSWORD_MAX, MSG.passwordMismatch).optional(),
    })
    .strict()
    .refine((p) => p.password === undefined || p.password === p.password_confirmation, { message: MSG.passwordMismatch, path: ['password_confirmation'] }),
  response: envelope(user),
});

/** What the user may do (capabilities) and has used (featureCount). */
export const userAccess = endpoint({
  name: 'userAccess',
  method: 'GET',
  path: '/user/access',
  auth: 'apiKey',
  params: noParams,
  response: envelope(z.object({ capabilities: z.array(z.string()), featureCount: user.shape.featureCount, trial_period_used: z.boolean() })),
});
