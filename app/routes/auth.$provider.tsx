import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { startSocialSignIn } from '~/auth/social-flow.server';
import { socialProvider } from '~/auth/social.server';
import { notFound } from '~/http/not-found.server';
import { seeOther, seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { redirectTarget } from '~/http/safe-redirect';
import { readForm } from '~/http/security.server';

/* "Continue with Google": a POST (it starts a flow) that sends the fan to the provider. A GET
   has nothing to start and goes back to the login page. */

export const loader = () => redirect('/login');

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  const { params } = args;
  // An unknown provider, or one without credentials (not shown), does not exist here.
  const provider = socialProvider(params.provider);
  if (!provider) throw notFound();
  const redirectTo = redirectTarget(formData.get('redirectTo')) ?? undefined;
  let start;
  try {
    start = await startSocialSignIn(provider, redirectTo);
  } catch (error) {
    // The provider's discovery document did not load (Google): say so where the fan came from.
    console.warn(`[oidc] ${provider.id} discovery failed: ${(error as Error).message}`);
    const back = `/login${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''}`;
    return seeOtherWithToast(requestContext(args).session, back, {
      text: `Signing in with ${provider.name} is not available right now. Please try again later.`,
      type: 'error',
    });
  }
  return seeOther(start.url, { headers: { 'Set-Cookie': start.cookie, 'Cache-Control': 'no-store' } });
}
