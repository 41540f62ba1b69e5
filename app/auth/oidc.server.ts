import * as client from 'openid-client';
import type { SocialProvider } from '#contract/auth';
import { redirectUri, type CallbackOutcome, type ProviderConfig } from '~/auth/social.server';
import { appCookie } from '~/http/cookies.server';

/* Social sign-in as an OpenID Connect authorization code flow run by this server (so it works
   without JavaScript): PKCE, state and nonce travel in a short-lived encrypted cookie between the
   start (POST /auth/:provider) and the callback. The ID token is then handed to the channel API,
   which checks its signature, issuer and audience itself. */

/** The scopes asked for: the channel needs the e-mail; the name fills the new profile. */
const SCOPE = 'openid email profile';

/* Not `_session` or `_interaction`: a provider on the same host (the test provider on 127.0.0.1)
   shares the browser's cookie jar, since cookies are scoped per host, not per port. */
const flowCookie = appCookie('oidc', { path: '/auth', maxAge: 10 * 60 });

type GoogleConfig = Extract<ProviderConfig, { id: 'google' }>;

interface Flow {
  provider: SocialProvider;
  state: string;
  nonce: string;
  verifier: string;
  redirectTo?: string;
}

/** Plain http is allowed only for a provider on this machine (tests, local development). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/* Discovery once per provider per process; a failure is forgotten so the next sign-in retries. */
const configurations = new Map<string, Promise<client.Configuration>>();

function configurationFor(provider: GoogleConfig): Promise<client.Configuration> {
  const key = `${provider.id} ${provider.issuer} ${provider.clientId}`;
  let config = configurations.get(key);
  if (!config) {
    const issuer = new URL(provider.issuer);
    config = client.discovery(
      issuer,
      provider.clientId,
      undefined,
      client.ClientSecretBasic(provider.clientSecret),
      isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    config.catch(() => configurations.delete(key));
    configurations.set(key, config);
  }
  return config;
}

/** Where to send the fan, and the cookie that remembers this attempt. */
export async function startSignIn(provider: GoogleConfig, redirectTo?: string): Promise<{ url: string; cookie: string }> {
  const config = await configurationFor(provider);
  const verifier = client.randomPKCECodeVerifier();
  const flow: Flow = { provider: provider.id, state: client.randomState(), nonce: client.randomNonce(), verifier, redirectTo };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(provider.id),
    scope: SCOPE,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, cookie: await flowCookie.serialize(flow) };
}

/** Set-Cookie that ends the attempt (after any callback, good or bad). */
export const endFlowCookie = () => flowCookie.serialize('', { maxAge: 0 });

async function readFlow(request: Request): Promise<Flow | null> {
  const value = (await flowCookie.parse(request.headers.get('Cookie'))) as Partial<Flow> | null;
  return value && typeof value === 'object' && value.state && value.nonce && value.verifier && value.provider ? (value as Flow) : null;
}

/** The provider sent the fan back: exchange the code (state, nonce and PKCE checked) for the ID token. */
export async function finishSignIn(request: Request, provider: GoogleConfig): Promise<CallbackOutcome> {
  const params = new URL(request.url).searchParams;
  const error = params.get('error');
  if (error) return { kind: error === 'access_denied' ? 'cancelled' : 'failed' };
  const flow = await readFlow(request);
  if (!flow || flow.provider !== provider.id) return { kind: 'expired' };
  // The URL the provider redirected to, as registered (a proxy may have rewritten request.url).
  const current = new URL(redirectUri(provider.id));
  current.search = params.toString();
  try {
    const config = await configurationFor(provider);
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const email = tokens.claims()?.email;
    if (!tokens.id_token) return { kind: 'failed' };
    return { kind: 'signed-in', credential: { id_token: tokens.id_token }, email: typeof email === 'string' ? email : '', redirectTo: flow.redirectTo };
  } catch (cause) {
    console.warn(`[oidc] ${provider.id} sign-in failed: ${(cause as Error).message}`);
    return { kind: 'failed' };
  }
}
