import { z } from 'zod';
import { emailField, MSG, nameField, PASSWORD_MAX, passwordField } from '#contract/auth';

/* /profile/edit: three forms on one route, told apart by their `intent` field (CONVENTIONS
   "Forms" 6). Messages are the spec's section-5 text. */

export const PROFILE_INTENTS = ['details', 'password', 'delete-request'] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export const detailsSchema = z.object({
  first_name: nameField(MSG.firstName),
  last_name: nameField(MSG.lastName),
  email: emailField,
  // An unticked checkbox sends nothing: that is a "no".
  news_opt_in: z.boolean().default(false),
});
export type DetailsValue = z.infer<typeof detailsSchema>;

/**
 * The new password and its confirmation; the current password too, unless the fan has none to
 * give (a temporary password from the operator, or an account made by social sign-in).
 */
export function passwordSchema({ needsCurrent }: { needsCurrent: boolean }) {
  const base = z.object({
    password: passwordField,
    // Left empty it simply does not match (checked below, once the password itself is fine).
    password_confirmation: z.string().max(PASSWORD_MAX, MSG.passwordMismatch).optional(),
  });
  const current = needsCurrent
    ? z.string({ required_error: MSG.required }).max(PASSWORD_MAX, MSG.shorter(PASSWORD_MAX + 1))
    : // Not asked, so not sent; a stray value is ignored rather than refused.
      z
        .string()
        .optional()
        .transform(() => undefined);
  return base
    .extend({ current_password: current })
    .refine((p) => p.password === p.password_confirmation, { message: MSG.passwordMismatch, path: ['password_confirmation'] });
}

/** Fields of the password form that must never come back in a reply. */
export const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'];
