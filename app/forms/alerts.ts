import { z } from 'zod';

/* A followed thing's two alert checkboxes on My games (app/components/AlertsForm.tsx, action in
   app/routes/alerts.tsx). A checkbox sends 'on' when ticked and nothing when not; the favorite's id
   is hidden, so a bad one is a forged form, answered 400. */

const ticked = z.literal('on').optional();

export const alertsSchema = z.object({
  favorite_id: z.coerce.number().int().min(1).max(2_147_483_647),
  go_live: ticked,
  reminder: ticked,
  stay: z.literal('1').optional(),
});
