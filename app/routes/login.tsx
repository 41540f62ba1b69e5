import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { recaptchaSiteKey, recaptchaToken } from '~/auth/recaptcha.server';
import { commaName, completeSignIn } from '~/auth/sign-in.server';
import { socialButtons } from '~/auth/social.server';
import { AppForm } from '~/components/form/AppForm';
import { Field } from '~/components/form/Field';
import { Recaptcha } from '~/components/form/Recaptcha';
import { SubmitButton } from '~/components/form/SubmitButton';
import { SignInLink } from '~/components/layout/SignInLink';
import { SocialSignIn } from '~/components/SocialSignIn';
import { pageMeta } from '~/domain/page-meta';
import { useAppForm } from '~/forms/kit';
import { loginSchema } from '~/forms/login';
import { channelErrorReply } from '~/forms/reply.server';
import { requestContext } from '~/http/request-context.server';
import { redirectTarget } from '~/http/safe-redirect';
import { readForm } from '~/http/security.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Log in', 'Log in to watch your passes, keep favourites and manage your account.');

// A page rendered after the post (JavaScript off) keeps the action's Retry-After (sign-in limits).
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  // A signed-in fan is sent home by the root loader (spec section 2).
  // Only a safe on-site target is carried on (the action checks it again).
  const redirectTo = redirectTarget(new URL(request.url).searchParams.get('redirectTo')) ?? undefined;
  return json({ providers: socialButtons(), redirectTo, recaptchaSiteKey: recaptchaSiteKey(), csrfToken: await requestContext(args).session.csrfToken() });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args, { honeypot: true });
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  try {
    const { email, password, redirectTo } = submission.value;
    // Past the channel's sign-in limits, the form says how long to wait (not the throttling screen).
    const { data } = await requestContext(args).channel.call(api.login, { email, password, ...recaptchaToken(formData) }, { handles429: true });
    return completeSignIn(args, data, { welcome: `Welcome back${commaName(data.user)}!`, redirectTo });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: ['email'], hideFields: ['password'] });
  }
}

export default function Login() {
  const { providers, redirectTo, recaptchaSiteKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({ id: 'login', schema: loginSchema, lastResult });
  const { fields } = kit;
  const { t } = useI18n();
  return (
    <div className="auth-page">
      <h1>{t('account.logIn')}</h1>
      <AppForm kit={kit} honeypot>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field meta={fields.email} label={t('account.email')} type="email" autoComplete="username" inputMode="email" />
        <Field meta={fields.password} label={t('account.password')} type="password" autoComplete="current-password" />
        <Recaptcha siteKey={recaptchaSiteKey} />
        <div className="form-actions">
          <SubmitButton pendingText={t('account.loggingIn')}>{t('account.logIn')}</SubmitButton>
          <Link to="/password-reset-request">{t('account.forgot')}</Link>
        </div>
      </AppForm>
      <SocialSignIn providers={providers} redirectTo={redirectTo} />
      <p className="form-links">
        {t('account.newHere')} <SignInLink to="/registration">{t('account.createAccount')}</SignInLink>
      </p>
    </div>
  );
}
