import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { mailedAddress, rememberMailedAddress } from '~/auth/mailed-address.server';
import { recaptchaSiteKey, recaptchaToken } from '~/auth/recaptcha.server';
import { AppForm } from '~/components/form/AppForm';
import { Field } from '~/components/form/Field';
import { Recaptcha } from '~/components/form/Recaptcha';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { useAppForm } from '~/forms/kit';
import { passwordResetRequestSchema } from '~/forms/password-reset-request';
import { channelErrorReply } from '~/forms/reply.server';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Reset your password', 'Get a link to choose a new password.');

/** Matches the channel API's reset link lifetime (TOKEN_TTL_SECONDS.reset). */
const LINK_VALID_MINUTES = 60;

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  // A signed-in fan is sent home by the root loader (spec section 2).
  // After the post: `?sent` shows the notice; the address comes from a cookie, never the URL.
  const sent = new URL(request.url).searchParams.has('sent');
  return json(
    {
      sent,
      email: sent ? await mailedAddress(request, '/password-reset-request') : null,
      recaptchaSiteKey: recaptchaSiteKey(),
      csrfToken: await requestContext(args).session.csrfToken(),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args, { honeypot: true });
  const submission = parseWithZod(formData, { schema: passwordResetRequestSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await requestContext(args).channel.call(api.passwordResetRequest, { email: submission.value.email, ...recaptchaToken(formData) });
    const headers = { 'Set-Cookie': await rememberMailedAddress('/password-reset-request', submission.value.email) };
    return seeOther('/password-reset-request?sent', { headers });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: ['email'] });
  }
}

export default function PasswordResetRequest() {
  const { sent, email, recaptchaSiteKey } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="auth-page">
      <h1>{t('profile.reset.title')}</h1>
      {sent ? <Sent email={email} /> : <RequestForm recaptchaSiteKey={recaptchaSiteKey} />}
    </div>
  );
}

function Sent({ email }: { email: string | null }) {
  const { t } = useI18n();
  return (
    <>
      <p className="notice" role="status">
        {email ? (
          <>
            {t('profile.reset.sentTo')} <strong>{email}</strong>.
          </>
        ) : (
          t('profile.reset.sent')
        )}{' '}
        {t('profile.reset.open')}
      </p>
      <p>
        {t('profile.reset.noEmail', { n: LINK_VALID_MINUTES })} <Link to="/password-reset-request">{t('profile.reset.another')}</Link>.
      </p>
      <p className="form-links">
        <Link to="/login">{t('profile.reset.backToLogIn')}</Link>
      </p>
    </>
  );
}

function RequestForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({ id: 'password-reset-request', schema: passwordResetRequestSchema, lastResult });
  const { fields } = kit;
  const { t } = useI18n();
  return (
    <>
      <p>{t('profile.reset.intro')}</p>
      <AppForm kit={kit} honeypot>
        <Field meta={fields.email} label={t('account.email')} type="email" autoComplete="email" inputMode="email" />
        <Recaptcha siteKey={recaptchaSiteKey} />
        <div className="form-actions">
          <SubmitButton pendingText={t('profile.sending')}>{t('profile.reset.send')}</SubmitButton>
        </div>
      </AppForm>
      <p className="form-links">
        <Link to="/login">{t('profile.reset.backToLogIn')}</Link>
      </p>
    </>
  );
}
