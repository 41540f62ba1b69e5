import { z } from 'zod';
import { FAVORITABLE_TYPES } from '#contract';
import { redirectTarget } from '~/http/safe-redirect';

/* The Follow / Following toggle (app/components/FollowButton.tsx, action in app/routes/follow.tsx):
   hidden fields only, so a bad value is a forged form, answered 400. */

export const followSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('follow'),
    type: z.enum(FAVORITABLE_TYPES),
    id: z.coerce.number().int().min(1).max(2_147_483_647),
    back: z.string().optional(),
    stay: z.literal('1').optional(),
  }),
  z.object({
    intent: z.literal('unfollow'),
    follow_id: z.coerce.number().int().min(1).max(2_147_483_647),
    back: z.string().optional(),
    stay: z.literal('1').optional(),
  }),
]);

/** The page to go back to: the form's own page when it is on our site, else home. */
export const backTo = (form: { back?: string }) => redirectTarget(form.back) ?? '/';
