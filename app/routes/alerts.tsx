import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { alertsSaved } from '~/domain/alerts';
import { alertsBack, alertsSchema } from '~/forms/alerts';
import { refusalToast } from '~/forms/reply.server';
import { notFound } from '~/http/not-found.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';

/* POST /alerts: saves a followed thing's two alert e-mails (My games, app/components/AlertsForm.tsx).
   A signed-in fan's post with their page's CSRF token; it goes back to My games with a toast, with
   or without JavaScript (a fetcher follows the redirect, keeping the scroll). */

export const loader = () => {
  throw notFound();
};

export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const formData = await readForm(args);
  const submission = parseWithZod(formData, { schema: alertsSchema });
  if (submission.status !== 'success') throw refused(400);
  const form = submission.value;
  const { channel, session } = requestContext(args);
  const goLive = form.go_live === 'on';
  const reminder = form.reminder === 'on';
  try {
    const { data, meta } = await channel.asUser(api.followAlerts, { id: form.follow_id, go_live: goLive, reminder }, { handles4xx: true });
    const text = alertsSaved(data.name, data.alert_go_live, data.alert_reminder, meta.alert_lead_minutes);
    return seeOtherWithToast(session, alertsBack(form), { text, type: 'success' });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'signed-out') throw error;
    // Unfollowed meanwhile (in another tab): My games shows what is true now.
    return refusalToast(session, alertsBack(form), refusal, { message: 'You no longer follow that, so it has no alerts.' });
  }
}
