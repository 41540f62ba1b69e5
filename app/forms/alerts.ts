import { z } from 'zod';
import { FOLLOW_ALERTS_MAX } from '#contract/follows';

/* The alerts page's one form (app/routes/alerts.tsx, app/components/AlertsForm.tsx): every followed
   thing's two alert checkboxes and one Save. Each follow's id comes once as `follow_id` (hidden);
   a ticked checkbox sends the follow's id as `go_live` or `reminder`, an unticked one nothing. The
   ids are hidden fields, so a bad one is a forged form, answered 400. */

const followId = z.coerce.number().int().min(1).max(2_147_483_647);
/** A field a form sends once, several times or not at all, as a list. */
const ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(followId).max(FOLLOW_ALERTS_MAX));

export const alertsSchema = z.object({ follow_id: ids.pipe(z.array(followId).min(1)), go_live: ids, reminder: ids });
export type AlertsForm = z.infer<typeof alertsSchema>;

/** Each follow's two opt-ins as the form says them (a ticked id not among the follows is dropped). */
export function alertChoices(form: AlertsForm): { id: number; go_live: boolean; reminder: boolean }[] {
  const goLive = new Set(form.go_live);
  const reminder = new Set(form.reminder);
  return [...new Set(form.follow_id)].map((id) => ({ id, go_live: goLive.has(id), reminder: reminder.has(id) }));
}
