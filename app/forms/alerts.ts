import { z } from 'zod';
import { redirectTarget } from '~/http/safe-redirect';

/* A followed thing's two alert checkboxes on My games (app/components/AlertsForm.tsx, action in
   app/routes/alerts.tsx). A checkbox sends 'on' when ticked and nothing when not; the follow's id
   and the page to go back to are hidden, so a bad one is a forged form, answered 400 (a bad `back`
   goes to My games). */

const ticked = z.literal('on').optional();

export const alertsSchema = z.object({
  follow_id: z.coerce.number().int().min(1).max(2_147_483_647),
  go_live: ticked,
  reminder: ticked,
  back: z.string().optional(),
});

/** Where the save comes back to: My games as the fan saw it (its filters), when that is on our site. */
export const alertsBack = (form: { back?: string }) => {
  const back = redirectTarget(form.back);
  return back?.startsWith('/my-games') ? back : '/my-games';
};
