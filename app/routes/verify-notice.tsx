import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { mailedAddress } from '~/auth/mailed-address.server';
import { pageMeta } from '~/domain/page-meta';
import formsCss from '~/styles/forms.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Check your inbox', 'Follow the link we e-mailed you to verify your address.');

/** Matches the channel API's verification link lifetime (TOKEN_TTL_SECONDS.verify). */
const LINK_VALID_HOURS = 48;

export async function loader({ request }: LoaderFunctionArgs) {
  // Named only from the cookie registration set: an address never travels in the URL.
  return json({ email: await mailedAddress(request, '/verify-notice') }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function VerifyNotice() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="auth-page">
      <h1>Check your inbox</h1>
      <p className="notice">
        {email ? (
          <>
            We have sent a link to verify your email address to <strong>{email}</strong>.
          </>
        ) : (
          'We have sent a link to verify your email address.'
        )}{' '}
        Open it and press “Verify my email” to finish your registration.
      </p>
      <h2>No email?</h2>
      <ul>
        <li>Look in your spam or junk folder; it can take a few minutes to arrive.</li>
        <li>The link is valid for {LINK_VALID_HOURS} hours and works once.</li>
        <li>
          <Link to="/login">Log in</Link> with your email and password: while your address is not verified, we send you a new link.
        </li>
        <li>
          Wrong address? <Link to="/registration">Register again</Link> with the right one.
        </li>
      </ul>
    </div>
  );
}
