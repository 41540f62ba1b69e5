import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { PASSWORD_MIN } from '#contract/auth';
import { redirectWith } from '~/auth.server';
import { ChannelError, channelFor } from '~/channel/client.server';
import { CheckboxField, Field, FormErrors, firstInvalid } from '~/components/form/Field';
import { Recaptcha } from '~/components/form/Recaptcha';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/components/layout/meta';
import { SocialSignIn } from '~/components/SocialSignIn';
import { USER_MSG } from '~/domain/auth-messages';
import { registrationFields, registrationSchema, socialRegistrationSchema } from '~/forms/registration';
import { channelErrorReply } from '~/forms/reply.server';
import { returnTo } from '~/navigation.server';
import { rememberMailedAddress } from '~/mailed-address.server';
import { readPendingSocial, setPendingSocial } from '~/pending-social.server';
import { recaptchaSiteKey, recaptchaToken } from '~/recaptcha.server';
import { readForm } from '~/security.server';
import { socialButtons, socialProvider } from '~/social.server';
import formsCss from '~/styles/forms.css';
import { CsrfField, HoneypotField } from '~/components/form/FormGuards';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Register');

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation', 'terms', 'news_opt_in'];
const SECRETS = ['password', 'password_confirmation'];

export async function loader({ request }: LoaderFunctionArgs) {
  // A signed-in fan is sent home by the root loader (spec section 2).
  const pending = await readPendingSocial(request);
  return json({
    providers: socialButtons(),
    recaptchaSiteKey: recaptchaSiteKey(),
    pending: pending ? { email: pending.email, provider: socialProvider(pending.provider)?.name ?? pending.provider } : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  const intent = formData.get('intent');
  if (intent === 'social') return registerWithProvider(request, formData);
  if (intent === 'cancel-social') {
    const channel = await channelFor(request);
    return redirect('/registration', { status: 303, headers: await setPendingSocial(channel, null) });
  }
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: SECRETS }) }, { status: 400 });
  const channel = await channelFor(request);
  try {
    const { password_confirmation, news_opt_in, ...fields } = submission.value;
    const { data } = await channel.call(api.register, { ...fields, password_confirmation: password_confirmation ?? '', terms: true, news_opt_in: news_opt_in ?? false, ...recaptchaToken(formData) });
    // Registering does not sign in: the fan verifies the address first.
    const headers = await channel.headers();
    headers.append('Set-Cookie', await rememberMailedAddress('/verify-notice', data.email));
    return redirect('/verify-notice', { status: 303, headers });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: FIELDS, hideFields: SECRETS });
  }
}

/** The terms accepted after a social sign-in of an address with no account yet. */
async function registerWithProvider(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: socialRegistrationSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const channel = await channelFor(request);
  const pending = await readPendingSocial(request);
  if (!pending) {
    await channel.toast({ text: 'Your sign-in took too long. Please sign in again.', type: 'error' });
    return redirectWith(channel, '/registration');
  }
  try {
    const { data } = await channel.call(api.social, { provider: pending.provider, id_token: pending.id_token, terms: true, news_opt_in: submission.value.news_opt_in ?? false });
    // signIn also forgets the pending sign-in.
    await channel.signIn(data);
    await channel.toast({ text: `Welcome${data.user.first_name ? `, ${data.user.first_name}` : ''}! Your account is ready.`, type: 'success' });
    return redirectWith(channel, await returnTo(request, pending.redirectTo));
  } catch (error) {
    // An outage or throttling: the pending sign-in stays, so the fan can simply try again.
    if (!(error instanceof ChannelError) || error.status >= 500 || error.status === 429) {
      return channelErrorReply(submission, error, { fields: ['terms'] });
    }
    // The provider's token was refused (expired, already used): start the sign-in over.
    await channel.toast({ text: `We could not finish your sign-in with ${socialProvider(pending.provider)?.name ?? pending.provider}. Please try again.`, type: 'error' });
    return redirect('/registration', { status: 303, headers: await setPendingSocial(channel, null) });
  }
}

export default function Registration() {
  const { providers, pending, recaptchaSiteKey } = useLoaderData<typeof loader>();
  return (
    <div className="auth-page">
      <h1>Register</h1>
      {pending ? (
        <PendingSocialForm email={pending.email} provider={pending.provider} />
      ) : (
        <>
          <RegistrationForm recaptchaSiteKey={recaptchaSiteKey} />
          <SocialSignIn providers={providers} />
          <p className="form-links">
            Already registered? <Link to="/login">Log in</Link>
          </p>
        </>
      )}
    </div>
  );
}

function TermsLabel() {
  return (
    <>
      I accept the <Link to="/terms_conditions">terms &amp; conditions</Link> and the <Link to="/privacy_policy">privacy policy</Link>
    </>
  );
}

function RegistrationForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: 'registration',
    lastResult,
    constraint: getZodConstraint(registrationFields),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const focus = firstInvalid(fields, FIELDS);
  return (
    <Form method="post" className="card-form" {...getFormProps(form)}>
      <CsrfField />
      <HoneypotField />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field meta={fields.first_name} label="First name" autoComplete="given-name" autoFocus={focus === 'first_name'} />
      <Field meta={fields.last_name} label="Last name" autoComplete="family-name" autoFocus={focus === 'last_name'} />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" autoFocus={focus === 'email'} />
      <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} autoFocus={focus === 'password'} />
      <Field meta={fields.password_confirmation} label="Password confirmation" type="password" autoComplete="new-password" autoFocus={focus === 'password_confirmation'} />
      <CheckboxField meta={fields.terms} autoFocus={focus === 'terms'}>
        <TermsLabel />
      </CheckboxField>
      <CheckboxField meta={fields.news_opt_in}>Send me news and offers by email (optional)</CheckboxField>
      <Recaptcha siteKey={recaptchaSiteKey} />
      <div className="form-actions">
        <SubmitButton pendingText="Registering…">Register</SubmitButton>
      </div>
    </Form>
  );
}

function PendingSocialForm({ email, provider }: { email: string; provider: string }) {
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: 'registration-social',
    lastResult,
    constraint: getZodConstraint(socialRegistrationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: socialRegistrationSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <>
      <p className="notice">{USER_MSG.notRegistered}</p>
      <Form method="post" className="card-form" {...getFormProps(form)}>
        <CsrfField />
        <HoneypotField />
        <FormErrors id={form.errorId} errors={form.errors} />
        <p>
          Signed in with {provider} as <strong>{email}</strong>
        </p>
        <CheckboxField meta={fields.terms} autoFocus={Boolean(fields.terms.errors?.length)}>
          <TermsLabel />
        </CheckboxField>
        <CheckboxField meta={fields.news_opt_in}>Send me news and offers by email (optional)</CheckboxField>
        <div className="form-actions">
          <SubmitButton pendingText="Registering…" intent="social">
            Register
          </SubmitButton>
        </div>
      </Form>
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
