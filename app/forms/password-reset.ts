import { z } from 'zod';
import { PASSWORD_MAX, MSG, passwordField } from '#contract/auth';

/* /password-reset, and the new-password pair registration shares. */

/** The password confirmation field: checked against the password by `passwordsMatch`. */
export const confirmationField = z
  .string()
  .max(PASSWORD_MAX, MSG.shorter(PASSWORD_MAX + 1))
  .optional();

/**
 * 'The password and password confirmation do not match', checked on its own (joined with `.and`)
 * so the fan sees it together with the other fields' messages, not only once they all pass.
 * An empty password already has its own message, so the pair is compared only once one is typed.
 */
export const passwordsMatch = z
  // Typed like the fields themselves, so conform reads '' the same way on both sides of `.and`.
  .object({ password: z.string().optional(), password_confirmation: z.string().optional() })
  .superRefine(({ password, password_confirmation }, ctx) => {
    if (password && password !== (password_confirmation ?? '')) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['password_confirmation'], message: MSG.passwordMismatch });
    }
  });

/** The fields alone: what the inputs' HTML constraints come from. */
export const passwordResetFields = z.object({
  /** From the mailed link; the channel says whether it is still good. */
  token: z.string().optional(),
  password: passwordField,
  password_confirmation: confirmationField,
});

export const passwordResetSchema = passwordResetFields.and(passwordsMatch);
