import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { verifyFacebookToken, type FacebookAppConfig } from './facebook.ts';
import { SERVER_MSG, type SocialProvider } from '../../contract/auth.ts';
import { HttpError } from '../http/errors.ts';

/* Social sign-in. Google: the web app runs the OpenID Connect code flow (PKCE, state, nonce) and
 * hands us the provider's ID token; we check it ourselves (signature from the issuer's JWKS,
 * issuer, audience = our client id, expiry) before trusting the e-mail address in it. Facebook
 * (no token endpoint in its OpenID metadata): the web app hands us a user access token from
 * Facebook's own OAuth flow, which we check against the Graph API (auth/facebook.ts). */

export interface ProviderConfig {
  issuer: string;
  clientId: string;
}
/** null or missing: the provider is not configured on this server. */
export interface SocialConfig {
  google?: ProviderConfig | null;
  facebook?: FacebookAppConfig | null;
}

/** What a fan hands over from a provider: Google's ID token, Facebook's access token. */
export type SocialCredential = { id_token?: string; access_token?: string };

export interface VerifiedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const label: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** Key sets by issuer: jose caches and refreshes keys inside each one. */
const keySets = new Map<string, Promise<ReturnType<typeof createRemoteJWKSet>>>();

async function keySetOf(issuer: string) {
  let found = keySets.get(issuer);
  if (!found) {
    found = (async () => {
      const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`discovery ${url}: HTTP ${res.status}`);
      const { jwks_uri } = (await res.json()) as { jwks_uri?: string };
      if (typeof jwks_uri !== 'string') throw new Error(`discovery ${url}: no jwks_uri`);
      return createRemoteJWKSet(new URL(jwks_uri));
    })();
    keySets.set(issuer, found);
    // A failed discovery is retried on the next sign-in rather than remembered.
    found.catch(() => keySets.delete(issuer));
  }
  return found;
}

const invalidToken = () => new HttpError(400, 'wrong_credentials', SERVER_MSG.wrongAuth, { id_token: ['The sign-in token is not valid.'] });

const notConfigured = (provider: SocialProvider) => {
  const message = `Sign-in with ${label[provider]} is not configured on this channel.`;
  return new HttpError(400, 'invalid_params', message, { provider: [message] });
};

/** Who the provider says the fan is, from the credential the contract asks of it. */
export async function verifySocial(config: SocialConfig, provider: SocialProvider, credential: SocialCredential): Promise<VerifiedIdentity> {
  if (provider === 'facebook') {
    if (!config.facebook) throw notConfigured(provider);
    return verifyFacebookToken(config.facebook, credential.access_token ?? '');
  }
  if (!config.google) throw notConfigured(provider);
  return verifyIdToken(config.google, credential.id_token ?? '');
}

/** An OpenID Connect ID token (Google's). */
async function verifyIdToken(settings: ProviderConfig, idToken: string): Promise<VerifiedIdentity> {
  let keys: Awaited<ReturnType<typeof keySetOf>>;
  try {
    keys = await keySetOf(settings.issuer);
  } catch {
    throw new HttpError(503, 'service_unavailable', `${label.google} cannot be reached right now. Please try again in a moment.`);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, { issuer: settings.issuer, audience: settings.clientId, requiredClaims: ['sub', 'exp', 'iat'] }));
  } catch {
    throw invalidToken();
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!email || typeof payload.sub !== 'string') throw invalidToken();
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  const [first = '', ...rest] = text(payload.name).split(/\s+/);
  return {
    subject: payload.sub,
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    firstName: text(payload.given_name) || first,
    lastName: text(payload.family_name) || rest.join(' '),
  };
}
