import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/* A real OpenID Connect provider (the `oidc-provider` package) on loopback for tests: one
 * client, PKCE required, the dev login/consent pages (any login and password pass). The account
 * id is the login typed in; its e-mail is the login when it contains '@', else
 * `<login>@example.test`. `email` is put in the ID token (conformIdTokenClaims: false), as
 * the channel API expects. */

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  /** Signs a token with the provider's own key (for expired or otherwise unusual tokens). */
  sign(claims: Record<string, unknown>, opts?: { expiresAt?: number; issuedAt?: number }): Promise<string>;
  close(): Promise<void>;
}

export const emailOfLogin = (login: string) => (login.includes('@') ? login : `${login}@example.test`);

export async function startOidcProvider(opts: { port?: number; client: OidcClient }): Promise<TestOidcProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...opts.client, grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [jwk] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: emailOfLogin(id), email_verified: true }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 3600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    sign: (claims, signOpts = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer(issuer)
        .setIssuedAt(signOpts.issuedAt ?? now)
        .setExpirationTime(signOpts.expiresAt ?? now + 3600)
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Cookies of one host, enough for the provider's interaction and session cookies. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

const formAction = (html: string) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
  return action.replace(/&amp;/g, '&');
};

/**
 * Runs the authorization code flow the way a browser with JavaScript off would (sign-in form,
 * consent form, PKCE, state, nonce) using fetch, and answers the provider's ID token.
 */
export async function mintIdToken(opts: { issuer: string; client: OidcClient; login: string }): Promise<string> {
  const { issuer, client, login } = opts;
  const redirectUri = client.redirect_uris[0];
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL('/auth', issuer);
  authorize.search = new URLSearchParams({
    client_id: client.client_id,
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: redirectUri,
    state,
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

  const jar = new CookieJar();
  const go = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(url, issuer), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    jar.take(res);
    return res;
  };

  let res = await go(authorize.toString());
  for (let step = 0; step < 12; step++) {
    const location = res.headers.get('location');
    if (location?.startsWith(redirectUri)) {
      const back = new URL(location);
      if (back.searchParams.get('state') !== state) throw new Error('state mismatch');
      const code = back.searchParams.get('code');
      if (!code) throw new Error(`no code: ${location}`);
      return exchange(issuer, client, code, redirectUri, verifier);
    }
    if (location) {
      res = await go(location);
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    res = /name="login"/.test(html)
      ? await go(formAction(html), { prompt: 'login', login, password: 'any password' })
      : await go(formAction(html), { prompt: 'consent' });
  }
  throw new Error('the provider flow did not come back to the redirect URI');
}

async function exchange(issuer: string, client: OidcClient, code: string, redirectUri: string, verifier: string): Promise<string> {
  const res = await fetch(new URL('/token', issuer), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  const body = (await res.json()) as { id_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.id_token) throw new Error(`token endpoint: ${res.status} ${body.error ?? ''} ${body.error_description ?? ''}`);
  return body.id_token;
}
