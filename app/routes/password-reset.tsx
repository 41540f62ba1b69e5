import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { SERVER_MSG } from '#contract/auth';
import { AppForm } from '~/components/form/AppForm';
import { Field } from '~/components/form/Field';
import { FormErrors } from '~/components/form/FormErrors';
import { NewPasswordField } from '~/components/form/NewPasswordField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { useAppForm } from '~/forms/kit';
import { mailedTokenOf } from '~/forms/mailed-token';
import { passwordResetFields, passwordResetSchema } from '~/forms/password-reset';
import { channelErrorReply } from '~/forms/reply.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Choose a new password', 'Choose a new password for your account.');

const SECRETS = ['password', 'password_confirmation'];

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  // A signed-in fan is sent home by the root loader (spec section 2). The link's token is checked
  // by the channel when the form is sent (a GET changes nothing).
  const token = mailedTokenOf(new URL(request.url).searchParams.get('token'));
  return json({ token, csrfToken: await requestContext(args).session.csrfToken() }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args, { honeypot: true });
  const submission = parseWithZod(formData, { schema: passwordResetSchema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: SECRETS }) }, { status: 400 });
  const { password, password_confirmation } = submission.value;
  const token = mailedTokenOf(submission.value.token);
  if (!token) return json({ result: submission.reply({ formErrors: [SERVER_MSG.resetFailed], hideFields: SECRETS }) }, { status: 400 });
  const { channel, session } = requestContext(args);
  try {
    await channel.call(api.passwordReset, { token, password, password_confirmation: password_confirmation ?? '' });
    return await seeOtherWithToast(session, '/login', { text: 'Your password has been changed. Please log in.', type: 'success' });
  } catch (error) {
    // The link's faults ('Reset password key expired.', 'Reset password failed.') are the form's.
    return channelErrorReply(submission, error, { fields: SECRETS, hideFields: SECRETS });
  }
}

export default function PasswordReset() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({ id: 'password-reset', schema: passwordResetSchema, fieldsSchema: passwordResetFields, lastResult });
  const { form, fields } = kit;
  const { t } = useI18n();
  const requestAgain = (
    <p>
      <Link to="/password-reset-request">{t('profile.reset.requestNew')}</Link> {t('profile.reset.toReset')}
    </p>
  );
  return (
    <div className="auth-page">
      <h1>{t('profile.password.choose')}</h1>
      {token ? (
        <AppForm kit={kit} honeypot>
          <input type="hidden" name="token" value={token} />
          {form.errors?.length ? requestAgain : null}
          <NewPasswordField meta={fields.password} label={t('profile.password.new')} />
          <Field meta={fields.password_confirmation} label={t('profile.reset.confirmation')} type="password" autoComplete="new-password" />
          <div className="form-actions">
            <SubmitButton pendingText={t('profile.saving')}>{t('profile.reset.change')}</SubmitButton>
          </div>
        </AppForm>
      ) : (
        <>
          {/* A link without its token cannot reset anything. */}
          <FormErrors id="password-reset-link" errors={[SERVER_MSG.resetFailed]} />
          {requestAgain}
        </>
      )}
      <p className="form-links">
        <Link to="/login">{t('profile.reset.backToLogIn')}</Link>
      </p>
    </div>
  );
}
