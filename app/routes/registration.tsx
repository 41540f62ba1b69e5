import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { rememberMailedAddress } from '~/auth/mailed-address.server';
import { readPendingSocial, setPendingSocial } from '~/auth/pending-social.server';
import { recaptchaSiteKey, recaptchaToken } from '~/auth/recaptcha.server';
import { commaName, completeSignIn } from '~/auth/sign-in.server';
import { socialButtons, socialProvider } from '~/auth/social.server';
import { refusalOf } from '~/channel/refusal.server';
import { AppForm } from '~/components/form/AppForm';
import { CheckboxField } from '~/components/form/CheckboxField';
import { CsrfField } from '~/components/form/CsrfField';
import { Field } from '~/components/form/Field';
import { HoneypotField } from '~/components/form/HoneypotField';
import { NewPasswordField } from '~/components/form/NewPasswordField';
import { Recaptcha } from '~/components/form/Recaptcha';
import { SubmitButton } from '~/components/form/SubmitButton';
import { SignInLink } from '~/components/layout/SignInLink';
import { SocialSignIn } from '~/components/SocialSignIn';
import { USER_MSG } from '~/domain/auth-messages';
import { pageMeta } from '~/domain/page-meta';
import { intentOf } from '~/forms/intent';
import { useAppForm } from '~/forms/kit';
import { registrationFields, registrationSchema, socialRegistrationSchema } from '~/forms/registration';
import { channelErrorReply } from '~/forms/reply.server';
import { seeOther, seeOtherWithToast } from '~/http/redirects.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import { redirectTarget } from '~/http/safe-redirect';
import { readForm } from '~/http/security.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Register', 'Create a free account to watch games and get passes.');

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation', 'terms', 'news_opt_in'];
const SECRETS = ['password', 'password_confirmation'];

export async function loader(args: LoaderFunctionArgs) {
  // A signed-in fan is sent home by the root loader (spec section 2).
  const pending = await readPendingSocial(args);
  return json({
    providers: socialButtons(),
    // Social sign-up comes back to the page the Register link came from (e-mail sign-up ends on the
    // verification link, which opens home).
    redirectTo: redirectTarget(new URL(args.request.url).searchParams.get('redirectTo')) ?? undefined,
    recaptchaSiteKey: recaptchaSiteKey(),
    csrfToken: await requestContext(args).session.csrfToken(),
    pending: pending ? { email: pending.email, provider: socialProvider(pending.provider)?.name ?? pending.provider } : null,
  });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args, { honeypot: true });
  const intent = intentOf(formData, ['social', 'cancel-social'] as const);
  if (intent === 'social') return registerWithProvider(args, formData);
  if (intent === 'cancel-social') {
    await setPendingSocial(args, null);
    return seeOther('/registration');
  }
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: SECRETS }) }, { status: 400 });
  try {
    const { password_confirmation, news_opt_in, ...fields } = submission.value;
    const { data } = await requestContext(args).channel.call(api.register, {
      ...fields,
      password_confirmation: password_confirmation ?? '',
      terms: true,
      news_opt_in: news_opt_in ?? false,
      ...recaptchaToken(formData),
    });
    // Registering does not sign in: the fan verifies the address first.
    const headers = { 'Set-Cookie': await rememberMailedAddress('/verify-notice', data.email) };
    return seeOther('/verify-notice', { headers });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: FIELDS, hideFields: SECRETS });
  }
}

/** The terms accepted after a social sign-in of an address with no account yet. */
async function registerWithProvider(args: RouteArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: socialRegistrationSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const { channel, session } = requestContext(args);
  const pending = await readPendingSocial(args);
  if (!pending) {
    return seeOtherWithToast(session, '/registration', { text: 'Your sign-in took too long. Please sign in again.', type: 'error' });
  }
  try {
    const { data } = await channel.call(api.social, {
      provider: pending.provider,
      ...pending.credential,
      terms: true,
      news_opt_in: submission.value.news_opt_in ?? false,
    });
    // Signing in also forgets the pending sign-in.
    return completeSignIn(args, data, { welcome: `Welcome${commaName(data.user)}! Your account is ready.`, redirectTo: pending.redirectTo });
  } catch (error) {
    // An outage or throttling: the pending sign-in stays, so the fan can simply try again.
    const { kind } = refusalOf(error);
    if (kind === 'outage' || kind === 'throttled') return channelErrorReply(submission, error, { fields: ['terms'] });
    // The provider's token was refused (expired, already used): start the sign-in over.
    await session.toast({
      text: `We could not finish your sign-in with ${socialProvider(pending.provider)?.name ?? pending.provider}. Please try again.`,
      type: 'error',
    });
    await setPendingSocial(args, null);
    return seeOther('/registration');
  }
}

export default function Registration() {
  const { providers, pending, recaptchaSiteKey, redirectTo } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="auth-page">
      <h1>{t('account.register')}</h1>
      {pending ? (
        <PendingSocialForm email={pending.email} provider={pending.provider} />
      ) : (
        <>
          <RegistrationForm recaptchaSiteKey={recaptchaSiteKey} />
          <SocialSignIn providers={providers} redirectTo={redirectTo} />
          <p className="form-links">
            {t('account.already')} <SignInLink to="/login">{t('account.logIn')}</SignInLink>
          </p>
        </>
      )}
    </div>
  );
}

function TermsLabel() {
  const { t } = useI18n();
  return (
    <>
      {t('account.terms.accept')} <Link to="/terms_conditions">{t('account.terms.terms')}</Link> {t('account.terms.and')}{' '}
      <Link to="/privacy_policy">{t('account.terms.privacy')}</Link>
    </>
  );
}

function RegistrationForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({ id: 'registration', schema: registrationSchema, fieldsSchema: registrationFields, lastResult });
  const { fields } = kit;
  const { t } = useI18n();
  return (
    <AppForm kit={kit} honeypot>
      <Field meta={fields.first_name} label={t('account.firstName')} autoComplete="given-name" />
      <Field meta={fields.last_name} label={t('account.lastName')} autoComplete="family-name" />
      <Field meta={fields.email} label={t('account.email')} type="email" autoComplete="email" inputMode="email" />
      <NewPasswordField meta={fields.password} label={t('account.password')} />
      <Field meta={fields.password_confirmation} label={t('account.passwordConfirmation')} type="password" autoComplete="new-password" />
      <CheckboxField meta={fields.terms}>
        <TermsLabel />
      </CheckboxField>
      <CheckboxField meta={fields.news_opt_in}>{t('account.news')}</CheckboxField>
      <Recaptcha siteKey={recaptchaSiteKey} />
      <div className="form-actions">
        <SubmitButton pendingText={t('account.registering')}>{t('account.register')}</SubmitButton>
      </div>
    </AppForm>
  );
}

function PendingSocialForm({ email, provider }: { email: string; provider: string }) {
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({ id: 'registration-social', schema: socialRegistrationSchema, lastResult });
  const { fields } = kit;
  return (
    <>
      <p className="notice">{USER_MSG.notRegistered}</p>
      <AppForm kit={kit} honeypot>
        <p>
          Signed in with {provider} as <strong>{email}</strong>
        </p>
        <CheckboxField meta={fields.terms}>
          <TermsLabel />
        </CheckboxField>
        <CheckboxField meta={fields.news_opt_in}>Send me news and offers by email (optional)</CheckboxField>
        <div className="form-actions">
          <SubmitButton pendingText="Registering…" intent="social">
            Register
          </SubmitButton>
        </div>
      </AppForm>
      <Form method="post" className="form-links">
        <CsrfField />
        <HoneypotField />
        <SubmitButton pendingText="Cancelling…" intent="cancel-social" className="button button--quiet">
          Register with an email and password instead
        </SubmitButton>
      </Form>
    </>
  );
}
