import type { SocialCredential, SocialProvider } from '#contract/auth';
import { env } from '~/config/env.server';

/* Social sign-in providers (spec section 6: facebook and google). A provider shows only when its
   client id and secret are configured. */

interface Credentials {
  name: string;
  clientId: string;
  clientSecret: string;
}
/** Google through OpenID Connect discovery; Facebook through its own OAuth endpoints (ADR 056). */
export type ProviderConfig = (Credentials & { id: 'google'; issuer: string }) | (Credentials & { id: 'facebook'; authUrl: string; graphUrl: string });

/** Where a provider sends the fan back (registered with the provider as it is written here). */
export const redirectUri = (provider: SocialProvider) => `${env.PUBLIC_URL}/auth/${provider}/callback`;

export function socialProviders(): ProviderConfig[] {
  const all: (ProviderConfig | null)[] = [
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { id: 'google', name: 'Google', issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : null,
    env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
      ? {
          id: 'facebook',
          name: 'Facebook',
          authUrl: env.FACEBOOK_AUTH_URL,
          graphUrl: env.FACEBOOK_GRAPH_URL,
          clientId: env.FACEBOOK_CLIENT_ID,
          clientSecret: env.FACEBOOK_CLIENT_SECRET,
        }
      : null,
  ];
  return all.filter((p): p is ProviderConfig => p !== null);
}

export const socialProvider = (id: string | undefined) => socialProviders().find((p) => p.id === id) ?? null;

/** What the sign-in pages show: names only. */
export const socialButtons = () => socialProviders().map(({ id, name }) => ({ id, name }));

export type CallbackOutcome =
  | { kind: 'signed-in'; credential: SocialCredential; email: string; redirectTo?: string }
  /** The fan said no at the provider (`error=access_denied`). */
  | { kind: 'cancelled' }
  /** No attempt of ours to finish (cookie expired or missing, another provider's flow). */
  | { kind: 'expired' }
  /** The provider kept the address from us (Facebook lets a fan withhold it). */
  | { kind: 'no-email' }
  | { kind: 'failed' };
