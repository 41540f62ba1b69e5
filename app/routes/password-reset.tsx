import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { PASSWORD_MIN, SERVER_MSG } from '#contract/auth';
import { redirectWith } from '~/auth.server';
import { channelFor } from '~/channel/client.server';
import { Field, FormErrors, firstInvalid } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/components/layout/meta';
import { passwordResetFields, passwordResetSchema } from '~/forms/password-reset';
import { channelErrorReply } from '~/forms/reply.server';
import { readForm } from '~/security.server';
import formsCss from '~/styles/forms.css';
import { CsrfField, HoneypotField } from '~/components/form/FormGuards';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Choose a new password');

const SECRETS = ['password', 'password_confirmation'];

export async function loader({ request }: LoaderFunctionArgs) {
  // A signed-in fan is sent home by the root loader (spec section 2). The link's token is checked
  // by the channel when the form is sent (a GET changes nothing).
  const token = new URL(request.url).searchParams.get('token');
  return json({ token: token && token.length <= 200 ? token : null }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  const submission = parseWithZod(formData, { schema: passwordResetSchema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: SECRETS }) }, { status: 400 });
  const { token, password, password_confirmation } = submission.value;
  if (!token) return json({ result: submission.reply({ formErrors: [SERVER_MSG.resetFailed], hideFields: SECRETS }) }, { status: 400 });
  const channel = await channelFor(request);
  try {
    await channel.call(api.passwordReset, { token, password, password_confirmation: password_confirmation ?? '' });
    await channel.toast({ text: 'Your password has been changed. Please log in.', type: 'success' });
    return redirectWith(channel, '/login');
  } catch (error) {
    // The link's faults ('Reset password key expired.', 'Reset password failed.') are the form's.
    return channelErrorReply(submission, error, { fields: SECRETS, hideFields: SECRETS });
  }
}

export default function PasswordReset() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    id: 'password-reset',
    lastResult,
    constraint: getZodConstraint(passwordResetFields),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const focus = firstInvalid(fields, SECRETS);
  const requestAgain = (
    <p>
      <Link to="/password-reset-request">Request a new link</Link> to reset your password.
    </p>
  );
  return (
    <div className="auth-page">
      <h1>Choose a new password</h1>
      {token ? (
        <Form method="post" className="card-form" {...getFormProps(form)}>
          <CsrfField />
          <HoneypotField />
          <input type="hidden" name="token" value={token} />
          <FormErrors id={form.errorId} errors={form.errors} />
          {form.errors?.length ? requestAgain : null}
          <Field meta={fields.password} label="New password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} autoFocus={focus === 'password'} />
          <Field meta={fields.password_confirmation} label="New password confirmation" type="password" autoComplete="new-password" autoFocus={focus === 'password_confirmation'} />
          <div className="form-actions">
            <SubmitButton pendingText="Saving…">Change my password</SubmitButton>
          </div>
        </Form>
      ) : (
        <>
          {/* A link without its token cannot reset anything. */}
          <FormErrors id="password-reset-link" errors={[SERVER_MSG.resetFailed]} />
          {requestAgain}
        </>
      )}
      <p className="form-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </div>
  );
}
