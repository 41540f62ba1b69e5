import { z } from 'zod';
import { emailField, MSG, PASSWORD_MAX } from '#contract/auth';

/** /login. The login name is an e-mail or a numeric e-mail (spec section 5). */
export const loginSchema = z.object({
  email: emailField,
  password: z.string({ required_error: MSG.required }).max(PASSWORD_MAX, MSG.shorter(PASSWORD_MAX + 1)),
  redirectTo: z.string().max(2000).optional(),
});
