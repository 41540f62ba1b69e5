import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { completeSignIn } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { CsrfField } from '~/components/form/CsrfField';
import { HoneypotField } from '~/components/form/HoneypotField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { USER_MSG } from '~/domain/auth-messages';
import { pageMeta } from '~/domain/page-meta';
import { mailedTokenOf } from '~/forms/mailed-token';
import { refusalReply } from '~/forms/reply.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import formsCss from '~/styles/forms.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Verify your email', 'Verify your e-mail address.');

/* The mailed link opens this page; only its button (a POST) verifies, because mail scanners
   fetch links on their own. A verified address then signs the fan in (auth/add_session). */

export async function loader(args: LoaderFunctionArgs) {
  const token = mailedTokenOf(new URL(args.request.url).searchParams.get('token'));
  return json({ token, csrfToken: await requestContext(args).session.csrfToken() }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args, { honeypot: true });
  const token = mailedTokenOf(formData.get('token'));
  if (!token) return json({ failure: USER_MSG.verifyFailed }, { status: 400 });
  const { channel, session } = requestContext(args);
  let code: string;
  try {
    ({ code } = (await channel.call(api.emailVerify, { token })).data);
  } catch (error) {
    const reply = refusalReply(refusalOf(error));
    return json({ failure: reply.message }, reply.init);
  }
  try {
    const { data } = await channel.call(api.addSession, { code });
    return completeSignIn(args, data, { welcome: 'Your email address is verified. Welcome!', redirectTo: '/' });
  } catch (error) {
    refusalOf(error);
    // Verified all the same: the fan can log in with their password.
    return seeOtherWithToast(session, '/login', { text: 'Your email address is verified. Please log in.', type: 'success' });
  }
}

export default function VerifyEmail() {
  const { token } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>()?.failure ?? (token ? null : USER_MSG.verifyFailed);
  return (
    <div className="auth-page">
      <h1>Verify your email</h1>
      {failure ? (
        <Failure message={failure} />
      ) : (
        <Form method="post" className="card-form">
          <CsrfField />
          <HoneypotField />
          <input type="hidden" name="token" value={token ?? ''} />
          <p>Press the button to confirm your email address and finish your registration.</p>
          <div className="form-actions">
            <SubmitButton pendingText="Verifying…">Verify my email</SubmitButton>
          </div>
        </Form>
      )}
    </div>
  );
}

function Failure({ message }: { message: string }) {
  const verified = message === USER_MSG.alreadyVerified;
  return (
    <>
      <div className="form-errors" role="alert">
        <p>{message}</p>
      </div>
      {verified ? (
        <p>Your address is already confirmed, so you can log in with it.</p>
      ) : (
        <p>The link may be incomplete, already used or too old. Log in with your email and password and we send you a new link.</p>
      )}
      <p className="form-links">
        <Link to="/login">Log in</Link>
        {verified ? <Link to="/password-reset-request">Forgot your password?</Link> : <Link to="/registration">Register</Link>}
      </p>
    </>
  );
}
