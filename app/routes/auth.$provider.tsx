import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { channelFor } from '~/channel/client.server';
import { redirectTarget } from '~/http/safe-redirect';
import { startSignIn } from '~/oidc.server';
import { readForm } from '~/security.server';
import { socialProvider } from '~/social.server';

/* "Continue with Google": a POST (it starts a flow) that sends the fan to the provider. A GET
   has nothing to start and goes back to the login page. */

export const loader = () => redirect('/login');

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // An unknown provider, or one without credentials (not shown), does not exist here.
  const provider = socialProvider(params.provider);
  if (!provider) throw redirect('/404', 303);
  const redirectTo = redirectTarget(formData.get('redirectTo')) ?? undefined;
  let start;
  try {
    start = await startSignIn(provider, redirectTo);
  } catch (error) {
    // The provider's discovery document did not load: say so where the fan came from.
    console.warn(`[oidc] ${provider.id} discovery failed: ${(error as Error).message}`);
    const channel = await channelFor(request);
    await channel.toast({ text: `Signing in with ${provider.name} is not available right now. Please try again later.`, type: 'error' });
    const back = `/login${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''}`;
    return redirect(back, { status: 303, headers: await channel.headers() });
  }
  return redirect(start.url, { status: 303, headers: { 'Set-Cookie': start.cookie, 'Cache-Control': 'no-store' } });
}
