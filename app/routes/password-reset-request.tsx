import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { channelFor } from '~/channel/client.server';
import { Field, FormErrors, firstInvalid } from '~/components/form/Field';
import { Recaptcha } from '~/components/form/Recaptcha';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/components/layout/meta';
import { passwordResetRequestSchema } from '~/forms/password-reset-request';
import { channelErrorReply } from '~/forms/reply.server';
import { mailedAddress, rememberMailedAddress } from '~/mailed-address.server';
import { recaptchaSiteKey, recaptchaToken } from '~/recaptcha.server';
import { readForm } from '~/security.server';
import formsCss from '~/styles/forms.css';
import { CsrfField, HoneypotField } from '~/components/form/FormGuards';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Reset your password');

/** Matches the channel API's reset link lifetime (TOKEN_TTL_SECONDS.reset). */
const LINK_VALID_MINUTES = 60;

export async function loader({ request }: LoaderFunctionArgs) {
  // A signed-in fan is sent home by the root loader (spec section 2).
  // After the post: `?sent` shows the notice; the address comes from a cookie, never the URL.
  const sent = new URL(request.url).searchParams.has('sent');
  return json({ sent, email: sent ? await mailedAddress(request, '/password-reset-request') : null, recaptchaSiteKey: recaptchaSiteKey() }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  const submission = parseWithZod(formData, { schema: passwordResetRequestSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const channel = await channelFor(request);
  try {
    await channel.call(api.passwordResetRequest, { email: submission.value.email, ...recaptchaToken(formData) });
    const headers = await channel.headers();
    headers.append('Set-Cookie', await rememberMailedAddress('/password-reset-request', submission.value.email));
    return redirect('/password-reset-request?sent', { status: 303, headers });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: ['email'] });
  }
}

export default function PasswordResetRequest() {
  const { sent, email, recaptchaSiteKey } = useLoaderData<typeof loader>();
  return (
    <div className="auth-page">
      <h1>Reset your password</h1>
      {sent ? <Sent email={email} /> : <RequestForm recaptchaSiteKey={recaptchaSiteKey} />}
    </div>
  );
}

function Sent({ email }: { email: string | null }) {
  return (
    <>
      <p className="notice" role="status">
        {email ? (
          <>
            We sent a link to reset your password to <strong>{email}</strong>.
          </>
        ) : (
          'We sent a link to reset your password to your email address.'
        )}{' '}
        Open it to choose a new password.
      </p>
      <p>
        No email? Look in your spam or junk folder. The link is valid for {LINK_VALID_MINUTES} minutes and works once; you can{' '}
        <Link to="/password-reset-request">ask for another link</Link>.
      </p>
      <p className="form-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </>
  );
}

function RequestForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: 'password-reset-request',
    lastResult,
    constraint: getZodConstraint(passwordResetRequestSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetRequestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <Form method="post" className="card-form" {...getFormProps(form)}>
        <CsrfField />
        <HoneypotField />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" autoFocus={firstInvalid(fields, ['email']) === 'email'} />
        <Recaptcha siteKey={recaptchaSiteKey} />
        <div className="form-actions">
          <SubmitButton pendingText="Sending…">Send me a link</SubmitButton>
        </div>
      </Form>
      <p className="form-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </>
  );
}
