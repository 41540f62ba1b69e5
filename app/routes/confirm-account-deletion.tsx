import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { formatDateTime } from '#contract/dates';
import { refusalOf } from '~/channel/refusal.server';
import { CsrfField } from '~/components/form/CsrfField';
import { HoneypotField } from '~/components/form/HoneypotField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { mailedTokenOf } from '~/forms/mailed-token';
import { refusalReply } from '~/forms/reply.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

/* The page a deletion mail links to. Opening it changes nothing (mail scanners prefetch links);
   the fan confirms with a POST. The link may be opened in any browser: the token is the proof. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Delete your account', 'Confirm the deletion of your account.');

type Answer =
  { state: 'confirm'; token: string; email: string; expires: string; csrfToken: string } | { state: 'invalid' } | { state: 'error'; message: string };

export async function loader(args: LoaderFunctionArgs) {
  const token = mailedTokenOf(new URL(args.request.url).searchParams.get('token'));
  if (!token) return json<Answer>({ state: 'invalid' }, { status: 400 });
  const { channel } = requestContext(args);
  try {
    const { data } = await channel.call(api.deleteAccountInfo, { token }, { handles4xx: true });
    const { locale } = await i18nOf(args);
    return json<Answer>({
      state: 'confirm',
      token,
      email: data.email,
      expires: formatDateTime(data.expires_at, await channel.timeZone(), locale),
      csrfToken: await requestContext(args).session.csrfToken(),
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'outage') throw error;
    return json<Answer>({ state: 'invalid' }, refusalReply(refusal).init);
  }
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args, { honeypot: true });
  const token = mailedTokenOf(formData.get('token'));
  if (!token) return json<Answer>({ state: 'invalid' }, { status: 400 });
  const { channel, session } = requestContext(args);
  try {
    await channel.call(api.deleteAccountConfirm, { token });
  } catch (error) {
    const refusal = refusalOf(error);
    const reply = refusalReply(refusal);
    // A link that is not (or no longer) one: the same page as when it is opened.
    if (refusal.kind === 'invalid' || refusal.kind === 'not-found') return json<Answer>({ state: 'invalid' }, reply.init);
    return json<Answer>({ state: 'error', message: reply.message }, reply.init);
  }
  // The channel has ended every session of the account; this browser forgets its copy.
  await session.signOut();
  return seeOtherWithToast(session, '/', { text: 'Your account has been deleted.', type: 'success' });
}

export default function ConfirmAccountDeletion() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const shown: Answer = answer?.state === 'invalid' ? answer : page;
  const { t } = useI18n();
  return (
    <div className="auth-page">
      <h1>{t('profile.deletion.title')}</h1>
      {shown.state === 'confirm' ? (
        <ConfirmForm {...shown} error={answer?.state === 'error' ? answer.message : undefined} />
      ) : (
        <>
          <p className="notice" role={answer ? 'alert' : undefined}>
            {t('profile.deletion.invalid')}
          </p>
          <p>
            {t('profile.deletion.nothing')} <Link to="/profile/edit">{t('profile.edit')}</Link>
            {t('commerce.freeEvents.after')}
          </p>
        </>
      )}
    </div>
  );
}

function ConfirmForm({ token, email, expires, error }: { token: string; email: string; expires: string; error?: string }) {
  const { t, sentence } = useI18n();
  return (
    <>
      <p>
        {t('profile.deletion.asked')} <strong>{email}</strong>. {t('profile.deletion.undone')}
      </p>
      <h2>{t('profile.deletion.deleted')}</h2>
      <ul>
        <li>{t('profile.deletion.d1')}</li>
        <li>{t('profile.deletion.d2')}</li>
        <li>{t('profile.deletion.d3')}</li>
        <li>{t('profile.deletion.d4')}</li>
      </ul>
      <h2>{t('profile.deletion.stays')}</h2>
      <ul>
        <li>{t('profile.deletion.s1')}</li>
      </ul>
      <Form method="post" className="card-form">
        <CsrfField />
        <HoneypotField />
        <input type="hidden" name="token" value={token} />
        <div className="form-errors" role="alert">
          {error ? <p>{sentence(error)}</p> : null}
        </div>
        <p className="field__hint">{t('profile.deletion.until', { date: expires })}</p>
        <div className="form-actions">
          <SubmitButton pendingText={t('profile.deletion.deleting')} className="button button--danger">
            {t('profile.deletion.delete')}
          </SubmitButton>
          <Link to="/">{t('profile.deletion.keep')}</Link>
        </div>
      </Form>
    </>
  );
}
