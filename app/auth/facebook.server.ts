import { randomBytes, timingSafeEqual } from 'node:crypto';
import { facebookDialogUrl, facebookProfileOf, facebookProfileUrl, facebookTokenUrl } from '#contract/facebook';
import { redirectUri, type CallbackOutcome, type ProviderConfig } from '~/auth/social.server';
import { appCookie } from '~/http/cookies.server';

/* Facebook sign-in through Facebook's own OAuth endpoints (ADR 056), run by this server so it
   works without JavaScript: the login dialog (FACEBOOK_AUTH_URL), the code's exchange for a user
   access token and the fan's profile from the Graph API (FACEBOOK_GRAPH_URL). The state travels
   in a short-lived encrypted cookie between the start and the callback, as Google's does; the app
   secret goes only from this server to Graph. The channel API checks the token itself. */

type FacebookConfig = Extract<ProviderConfig, { id: 'facebook' }>;

const flowCookie = appCookie('fbflow', { path: '/auth', maxAge: 10 * 60 });

interface Flow {
  provider: 'facebook';
  state: string;
  redirectTo?: string;
}

/** Where to send the fan (the login dialog), and the cookie that remembers this attempt. */
export async function startFacebookSignIn(provider: FacebookConfig, redirectTo?: string): Promise<{ url: string; cookie: string }> {
  const flow: Flow = { provider: 'facebook', state: randomBytes(32).toString('base64url'), redirectTo };
  const url = facebookDialogUrl(provider.authUrl, { appId: provider.clientId, redirectUri: redirectUri('facebook'), state: flow.state });
  return { url: url.href, cookie: await flowCookie.serialize(flow) };
}

export const endFacebookFlowCookie = () => flowCookie.serialize('', { maxAge: 0 });

async function readFlow(request: Request): Promise<Flow | null> {
  const value = (await flowCookie.parse(request.headers.get('Cookie'))) as Partial<Flow> | null;
  return value && typeof value === 'object' && value.provider === 'facebook' && typeof value.state === 'string' ? (value as Flow) : null;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function graph(url: URL): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${res.status}`;
    throw new Error(`${url.pathname}: ${message}`);
  }
  return body;
}

/** Facebook sent the fan back: check the state, trade the code for a token, read the address. */
export async function finishFacebookSignIn(request: Request, provider: FacebookConfig): Promise<CallbackOutcome> {
  const params = new URL(request.url).searchParams;
  const error = params.get('error');
  if (error) return { kind: error === 'access_denied' ? 'cancelled' : 'failed' };
  const flow = await readFlow(request);
  if (!flow) return { kind: 'expired' };
  const code = params.get('code');
  if (!code || !sameText(params.get('state') ?? '', flow.state)) return { kind: 'failed' };
  try {
    const token = (await graph(
      facebookTokenUrl(provider.graphUrl, { appId: provider.clientId, appSecret: provider.clientSecret, redirectUri: redirectUri('facebook'), code }),
    )) as { access_token?: unknown };
    if (typeof token.access_token !== 'string' || token.access_token === '') return { kind: 'failed' };
    // The address, to show on /registration while the fan accepts the terms (the channel reads it again).
    const profile = facebookProfileOf(
      await graph(facebookProfileUrl(provider.graphUrl, { appSecret: provider.clientSecret, accessToken: token.access_token })),
    );
    if (!profile) return { kind: 'failed' };
    if (!profile.email) return { kind: 'no-email' };
    return { kind: 'signed-in', credential: { access_token: token.access_token }, email: profile.email, redirectTo: flow.redirectTo };
  } catch (cause) {
    console.warn(`[facebook] sign-in failed: ${(cause as Error).message}`);
    return { kind: 'failed' };
  }
}
