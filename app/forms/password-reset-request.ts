import { z } from 'zod';
import { emailField } from '#contract/auth';

/** /password-reset-request: the address the reset link goes to. */
export const passwordResetRequestSchema = z.object({ email: emailField });
