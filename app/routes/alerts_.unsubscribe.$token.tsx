import { json, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ALERT_MSG, alertToken, api, type AlertSubscription } from '#contract';
import { refusalOf } from '~/channel/refusal.server';
import { SubmitButton } from '~/components/form/SubmitButton';
import { alertSentence } from '~/domain/alerts';
import { pageMeta } from '~/domain/page-meta';
import { refusalReply } from '~/forms/reply.server';
import { requestContext } from '~/http/request-context.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

/* /alerts/unsubscribe/{token}: the address every alert mail carries (List-Unsubscribe, RFC 8058).
   - POST is the one-click unsubscribe: mail providers post `List-Unsubscribe=One-Click` from their
     own servers, with no cookie, no CSRF token and no Origin of ours. The signed token in the
     path is the only proof (it names the fan, the follows and the kind), so this one address is
     exempt from the same-origin check (server/guards.ts postGuard) and its action reads no form:
     it turns the alert off at once, again changes nothing, and answers 200 with a short page.
   - GET describes the alert with a confirm button (mail scanners follow links: a GET changes
     nothing). Private (no-store: the token is in the address), never indexed, no cookie set.
   A bad token says so, with a 4xx, and changes nothing.
   In the page's language (issue 36), chosen as on every page (?lang=, the language cookie, else
   Accept-Language): the token names a fan, but the page knows no session and a mail provider's
   one-click post sends none of these, so it answers in English. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Alert e-mails', 'Stop the alert e-mails of a game, team or sport you follow.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };
export const headers: HeadersFunction = () => PRIVATE_HEADERS;

type Answer = { state: 'described' | 'stopped'; alert: AlertSubscription } | { state: 'bad'; message: string };

async function answer(args: LoaderFunctionArgs | ActionFunctionArgs, confirm: boolean) {
  const token = alertToken.safeParse(args.params.token);
  if (!token.success) return json<Answer>({ state: 'bad', message: ALERT_MSG.badToken }, { status: 400, headers: PRIVATE_HEADERS });
  const { channel } = requestContext(args);
  try {
    const endpoint = confirm ? api.confirmAlertUnsubscribe : api.alertUnsubscribe;
    const { data } = await channel.call(endpoint, { token: token.data }, { handles4xx: true });
    return json<Answer>({ state: confirm ? 'stopped' : 'described', alert: data }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    // (A page's outage is the 'Whoops!' screen already: channel/client.server.ts. A post's is said here.)
    const reply = refusalReply(refusalOf(error), { message: ALERT_MSG.badToken });
    return json<Answer>({ state: 'bad', message: reply.message }, { status: reply.init.status, headers: { ...reply.init.headers, ...PRIVATE_HEADERS } });
  }
}

export const loader = (args: LoaderFunctionArgs) => answer(args, false);

/** One click (RFC 8058) or the confirm button: whatever the body says, the token decides. */
export const action = (args: ActionFunctionArgs) => answer(args, true);

export default function AlertUnsubscribe() {
  const loaded = useLoaderData<typeof loader>() as Answer;
  const posted = useActionData<typeof action>() as Answer | undefined;
  const { t, sentence } = useI18n();
  const shown = posted ?? loaded;
  const what = (alert: AlertSubscription) => alertSentence(alert.kind, alert.lead_minutes, alert.follows, t);
  return (
    <div className="page page--narrow">
      <h1>{t('follow.alertMails')}</h1>
      {shown.state === 'bad' ? (
        <div className="notice notice--problem" role="alert">
          <p>{sentence(shown.message)}</p>
        </div>
      ) : shown.state === 'stopped' || !shown.alert.on ? (
        <div className="notice" role="status">
          <p>{shown.alert.follows.length === 0 ? t('alerts.gone') : t('alerts.stopped', { what: what(shown.alert) })}</p>
        </div>
      ) : (
        <Form method="post" className="card-form">
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <p>{t('alerts.get', { what: what(shown.alert) })}</p>
          <div className="form-actions">
            <SubmitButton pendingText={t('alerts.stopping')}>{t('alerts.stop')}</SubmitButton>
          </div>
        </Form>
      )}
      <p>
        <Link to="/my-games">{t('alerts.changeAll')}</Link> {t('alerts.logIn')}
      </p>
    </div>
  );
}
