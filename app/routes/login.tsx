import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { redirectWith } from '~/auth.server';
import { channelFor } from '~/channel/client.server';
import { Field, FormErrors, firstInvalid } from '~/components/form/Field';
import { redirectTarget } from '~/http/safe-redirect';
import { Recaptcha } from '~/components/form/Recaptcha';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/components/layout/meta';
import { SocialSignIn } from '~/components/SocialSignIn';
import { loginSchema } from '~/forms/login';
import { channelErrorReply } from '~/forms/reply.server';
import { returnTo } from '~/navigation.server';
import { recaptchaSiteKey, recaptchaToken } from '~/recaptcha.server';
import { readForm } from '~/security.server';
import { socialButtons } from '~/social.server';
import formsCss from '~/styles/forms.css';
import { CsrfField, HoneypotField } from '~/components/form/FormGuards';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Log in');

export async function loader({ request }: LoaderFunctionArgs) {
  // A signed-in fan is sent home by the root loader (spec section 2).
  // Only a safe on-site target is carried on (the action checks it again).
  const redirectTo = redirectTarget(new URL(request.url).searchParams.get('redirectTo')) ?? undefined;
  return json({ providers: socialButtons(), redirectTo, recaptchaSiteKey: recaptchaSiteKey() });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  const channel = await channelFor(request);
  try {
    const { data } = await channel.call(api.login, { email: submission.value.email, password: submission.value.password, ...recaptchaToken(formData) });
    await channel.signIn(data);
    await channel.toast({ text: `Welcome back${data.user.first_name ? `, ${data.user.first_name}` : ''}!`, type: 'success' });
    // A temporary password goes to /profile/edit first (the root loader's rule does it on arrival).
    return redirectWith(channel, data.user.temporary_password ? '/profile/edit' : await returnTo(request, submission.value.redirectTo));
  } catch (error) {
    return channelErrorReply(submission, error, { fields: ['email'], hideFields: ['password'] });
  }
}

export default function Login() {
  const { providers, redirectTo, recaptchaSiteKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: 'login',
    lastResult,
    constraint: getZodConstraint(loginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const focus = firstInvalid(fields, ['email', 'password']);
  return (
    <div className="auth-page">
      <h1>Log in</h1>
      <Form method="post" className="card-form" {...getFormProps(form)}>
        <CsrfField />
        <HoneypotField />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field meta={fields.email} label="Email" type="email" autoComplete="username" inputMode="email" autoFocus={focus === 'email'} />
        <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" autoFocus={focus === 'password'} />
        <Recaptcha siteKey={recaptchaSiteKey} />
        <div className="form-actions">
          <SubmitButton pendingText="Logging in…">Log in</SubmitButton>
          <Link to="/password-reset-request">Forgot your password?</Link>
        </div>
      </Form>
      <SocialSignIn providers={providers} redirectTo={redirectTo} />
      <p className="form-links">
        New here? <Link to="/registration">Create an account</Link>
      </p>
    </div>
  );
}
