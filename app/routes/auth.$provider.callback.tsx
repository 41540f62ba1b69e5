import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { redirectWith } from '~/auth.server';
import { ChannelError, channelFor, type Channel } from '~/channel/client.server';
import { userMessage } from '~/domain/auth-messages';
import { returnTo } from '~/navigation.server';
import { endFlowCookie, finishSignIn, type CallbackOutcome } from '~/oidc.server';
import { setPendingSocial } from '~/pending-social.server';
import { socialProvider, type ProviderConfig } from '~/social.server';

/* Where the provider sends the fan back. A known address signs in; a new one goes to
   /registration to accept the terms first (spec section 8: 'You are not registered yet...');
   anything else returns to /login with a toast that says what happened. */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = socialProvider(params.provider);
  if (!provider) throw redirect('/404');
  const channel = await channelFor(request);
  const outcome = await finishSignIn(request, provider);
  if (outcome.kind !== 'signed-in') return backToLogin(channel, failureText(provider, outcome));
  try {
    const { data } = await channel.call(api.social, { provider: provider.id, id_token: outcome.idToken }, { handles4xx: true });
    await channel.signIn(data);
    await channel.toast({ text: `Welcome${data.user.first_name ? `, ${data.user.first_name}` : ''}!`, type: 'success' });
    const to = data.user.temporary_password ? '/profile/edit' : await returnTo(request, outcome.redirectTo);
    return withFlowEnded(await redirectWith(channel, to));
  } catch (error) {
    if (!(error instanceof ChannelError) || error.isOutage) throw error;
    if (error.status === 422 && 'terms' in error.errors) {
      const { idToken: id_token, email, redirectTo } = outcome;
      const headers = await setPendingSocial(channel, { provider: provider.id, id_token, email, redirectTo });
      return withFlowEnded(redirect('/registration', { status: 303, headers }));
    }
    return backToLogin(channel, userMessage(error.message, error.status));
  }
}

function failureText(provider: ProviderConfig, outcome: Exclude<CallbackOutcome, { kind: 'signed-in' }>): string {
  switch (outcome.kind) {
    case 'cancelled':
      return `You cancelled signing in with ${provider.name}. You can log in with your email and password instead.`;
    case 'expired':
      return `Signing in with ${provider.name} took too long or was started in another browser. Please try again.`;
    case 'failed':
      return `We could not sign you in with ${provider.name}. Please try again.`;
  }
}

async function backToLogin(channel: Channel, text: string): Promise<Response> {
  await channel.toast({ text, type: 'error' });
  return withFlowEnded(redirect('/login', { status: 303, headers: await channel.headers() }));
}

async function withFlowEnded(response: Response): Promise<Response> {
  response.headers.append('Set-Cookie', await endFlowCookie());
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
