import { endFacebookFlowCookie, finishFacebookSignIn, startFacebookSignIn } from '~/auth/facebook.server';
import { endFlowCookie, finishSignIn, startSignIn } from '~/auth/oidc.server';
import type { CallbackOutcome, ProviderConfig } from '~/auth/social.server';

/* The one way the /auth routes run a provider's sign-in: Google by OpenID Connect
   (auth/oidc.server.ts), Facebook by its own OAuth endpoints (auth/facebook.server.ts, ADR 056). */

export const startSocialSignIn = (provider: ProviderConfig, redirectTo?: string): Promise<{ url: string; cookie: string }> =>
  provider.id === 'facebook' ? startFacebookSignIn(provider, redirectTo) : startSignIn(provider, redirectTo);

export const finishSocialSignIn = (request: Request, provider: ProviderConfig): Promise<CallbackOutcome> =>
  provider.id === 'facebook' ? finishFacebookSignIn(request, provider) : finishSignIn(request, provider);

/** Set-Cookie that ends the provider's attempt (after any callback, good or bad). */
export const endSocialFlowCookie = (provider: ProviderConfig): Promise<string> => (provider.id === 'facebook' ? endFacebookFlowCookie() : endFlowCookie());
