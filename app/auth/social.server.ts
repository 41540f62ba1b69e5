import type { SocialProvider } from '#contract/auth';
import { env } from '~/config/env.server';

/* Social sign-in providers (spec section 6: facebook and google). A provider shows only when its
   client id and secret are configured. */

export interface ProviderConfig {
  id: SocialProvider;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export function socialProviders(): ProviderConfig[] {
  const all: (ProviderConfig | null)[] = [
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { id: 'google', name: 'Google', issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : null,
    env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
      ? { id: 'facebook', name: 'Facebook', issuer: env.FACEBOOK_ISSUER, clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET }
      : null,
  ];
  return all.filter((p): p is ProviderConfig => p !== null);
}

export const socialProvider = (id: string | undefined) => socialProviders().find((p) => p.id === id) ?? null;

/** What the sign-in pages show: names only. */
export const socialButtons = () => socialProviders().map(({ id, name }) => ({ id, name }));
