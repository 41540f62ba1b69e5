import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { AlertsForm } from '~/components/AlertsForm';
import { NothingFollowed } from '~/components/NothingFollowed';
import { alertsSavedAll, FOLLOW_KIND_WORDS, leadWords } from '~/domain/alerts';
import { followedPath } from '~/domain/follow-pages';
import { pageMeta } from '~/domain/page-meta';
import { alertChoices, alertsSchema } from '~/forms/alerts';
import { refusalToast } from '~/forms/reply.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import alertsCss from '~/styles/alerts.css';
import formsCss from '~/styles/forms.css';

/* /alerts (issue 34): every followed thing with its kind (School, Team, Sport, Division, Venue,
   Game) and its two alert e-mails, saved by ONE Save (POST /alerts, one channel call for all). It
   comes back here with a toast, with or without JavaScript (a fetcher follows the redirect,
   keeping the scroll). Private, signed-in only. */

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formsCss },
  { rel: 'stylesheet', href: alertsCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Alerts', 'E-mails when the games of what you follow start.');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { data, meta } = await requestContext(args).channel.asUser(api.follows, {});
  return json({
    rows: data.map((f) => ({
      followId: f.id,
      name: f.name,
      kind: FOLLOW_KIND_WORDS[f.kind],
      href: followedPath(f),
      goLive: f.alert_go_live,
      reminder: f.alert_reminder,
    })),
    leadMinutes: meta.alert_lead_minutes,
  });
}

export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const formData = await readForm(args);
  const submission = parseWithZod(formData, { schema: alertsSchema });
  if (submission.status !== 'success') throw refused(400);
  const alerts = alertChoices(submission.value);
  const { channel, session } = requestContext(args);
  try {
    const { data, meta } = await channel.asUser(api.followAlerts, { alerts }, { handles4xx: true });
    const { t } = await i18nOf(args);
    return seeOtherWithToast(session, '/alerts', { text: alertsSavedAll(data, meta.alert_lead_minutes, alerts.length - data.length, t), type: 'success' });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'signed-out') throw error;
    return refusalToast(session, '/alerts', refusal, { message: 'Your alerts could not be saved. Please try again.' });
  }
}

export default function Alerts() {
  const { rows, leadMinutes } = useLoaderData<typeof loader>();
  // After a save the boxes start again from what the channel keeps.
  const state = rows.map((r) => `${r.followId}:${r.goLive ? 1 : 0}${r.reminder ? 1 : 0}`).join(',');
  const { t } = useI18n();
  return (
    <div className="page page--alerts">
      <h1>{t('follow.alerts.title')}</h1>
      {rows.length === 0 ? (
        <NothingFollowed headingId="alerts-nothing">{t('follow.alerts.nothing')}</NothingFollowed>
      ) : (
        <>
          <p>{t('follow.alerts.intro', { lead: leadWords(leadMinutes, t), n: rows.length })}</p>
          <AlertsForm key={state} rows={rows} leadMinutes={leadMinutes} />
        </>
      )}
      <p>
        <Link to="/my-games">{t('follow.backToMyGames')}</Link>
      </p>
    </div>
  );
}
