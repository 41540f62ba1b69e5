import { z } from 'zod';
import { emailField } from '#contract/auth';
import { GIFT_MSG } from '#contract/gifts';

/** /orders/{id}/gift: the address a gift is mailed to again (blank, even as spaces: the
 *  recipient's address is needed). */
export const giftResendSchema = z.object({
  recipient_email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string({ required_error: GIFT_MSG.recipientRequired }).pipe(emailField),
  ),
});
