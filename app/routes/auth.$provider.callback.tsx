import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { FACEBOOK_EMAIL_NOT_SHARED } from '#contract/facebook';
import { setPendingSocial } from '~/auth/pending-social.server';
import { commaName, completeSignIn } from '~/auth/sign-in.server';
import { endSocialFlowCookie, finishSocialSignIn } from '~/auth/social-flow.server';
import { socialProvider, type CallbackOutcome, type ProviderConfig } from '~/auth/social.server';
import { refusalOf } from '~/channel/refusal.server';
import { userMessage } from '~/domain/auth-messages';
import { notFound } from '~/http/not-found.server';
import { seeOther } from '~/http/redirects.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';

/* Where the provider sends the fan back. A known address signs in; a new one goes to
   /registration to accept the terms first (spec section 8: 'You are not registered yet...');
   anything else returns to /login with a toast that says what happened. */

export async function loader(args: LoaderFunctionArgs) {
  const provider = socialProvider(args.params.provider);
  if (!provider) throw notFound();
  const outcome = await finishSocialSignIn(args.request, provider);
  const withFlowEnded = async (response: Response) => {
    response.headers.append('Set-Cookie', await endSocialFlowCookie(provider));
    response.headers.set('Cache-Control', 'no-store');
    return response;
  };
  if (outcome.kind !== 'signed-in') return withFlowEnded(await backToLogin(args, failureText(provider, outcome)));
  try {
    const { data } = await requestContext(args).channel.call(api.social, { provider: provider.id, ...outcome.credential }, { handles4xx: true });
    return withFlowEnded(await completeSignIn(args, data, { welcome: `Welcome${commaName(data.user)}!`, redirectTo: outcome.redirectTo }));
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'outage') throw error;
    if (refusal.code === 'not_registered') {
      const { credential, email, redirectTo } = outcome;
      await setPendingSocial(args, { provider: provider.id, credential, email, redirectTo });
      return withFlowEnded(seeOther('/registration'));
    }
    return withFlowEnded(await backToLogin(args, userMessage(refusal)));
  }
}

function failureText(provider: ProviderConfig, outcome: Exclude<CallbackOutcome, { kind: 'signed-in' }>): string {
  switch (outcome.kind) {
    case 'cancelled':
      return `You cancelled signing in with ${provider.name}. You can log in with your email and password instead.`;
    case 'expired':
      return `Signing in with ${provider.name} took too long or was started in another browser. Please try again.`;
    case 'no-email':
      return FACEBOOK_EMAIL_NOT_SHARED;
    case 'failed':
      return `We could not sign you in with ${provider.name}. Please try again.`;
  }
}

async function backToLogin(args: RouteArgs, text: string): Promise<Response> {
  await requestContext(args).session.toast({ text, type: 'error' });
  return seeOther('/login');
}
