import { createHmac } from 'node:crypto';

/* Facebook Login through Facebook's own OAuth endpoints (ADR 056), the same on both sides: the
 * web app sends the fan to the login dialog and trades the code for an access token; the channel
 * API reads the fan's profile from the Graph API with that token before it trusts the address.
 * Facebook's published OpenID metadata has no token endpoint, so the generic OIDC code flow
 * cannot run there. The base addresses are settings (FACEBOOK_AUTH_URL, FACEBOOK_GRAPH_URL), so
 * tests put a local stand-in in their place. */

/** What a fan reads when they kept their address from Facebook (the web app's toast, the channel's
 *  `email_not_shared` refusal). */
export const FACEBOOK_EMAIL_NOT_SHARED =
  'Facebook did not share an email address with us. Allow it when Facebook asks, or register with your email and password.';

/** The Graph API version every Facebook address is made with (one place to move it forward). */
export const FACEBOOK_GRAPH_VERSION = 'v23.0';

export const FACEBOOK_AUTH_URL = 'https://www.facebook.com';
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com';

/** The permissions asked for: the address (the account's key) and the public profile (the name). */
export const FACEBOOK_SCOPE = 'email,public_profile';

/** What the channel reads of a fan's profile. */
export const FACEBOOK_PROFILE_FIELDS = 'id,name,email,first_name,last_name';

const at = (base: string, path: string) => new URL(`${base.replace(/\/+$/, '')}/${FACEBOOK_GRAPH_VERSION}/${path}`);

/** The login dialog, which sends the fan back to `redirectUri` with `code` and `state`, or with
 *  `error=access_denied` when they cancel. */
export function facebookDialogUrl(authUrl: string, o: { appId: string; redirectUri: string; state: string }): URL {
  const url = at(authUrl, 'dialog/oauth');
  url.search = new URLSearchParams({
    client_id: o.appId,
    redirect_uri: o.redirectUri,
    state: o.state,
    response_type: 'code',
    scope: FACEBOOK_SCOPE,
  }).toString();
  return url;
}

/** The code's exchange for a user access token (the app secret rides here: server to server only). */
export function facebookTokenUrl(graphUrl: string, o: { appId: string; appSecret: string; redirectUri: string; code: string }): URL {
  const url = at(graphUrl, 'oauth/access_token');
  url.search = new URLSearchParams({ client_id: o.appId, redirect_uri: o.redirectUri, client_secret: o.appSecret, code: o.code }).toString();
  return url;
}

/** HMAC-SHA256 of the token with the app secret: Graph refuses a token issued to another app. */
export const appSecretProof = (appSecret: string, accessToken: string) => createHmac('sha256', appSecret).update(accessToken).digest('hex');

/** The fan's profile (GET /me) read with their token and the app's proof. */
export function facebookProfileUrl(graphUrl: string, o: { appSecret: string; accessToken: string }): URL {
  const url = at(graphUrl, 'me');
  url.search = new URLSearchParams({
    fields: FACEBOOK_PROFILE_FIELDS,
    access_token: o.accessToken,
    appsecret_proof: appSecretProof(o.appSecret, o.accessToken),
  }).toString();
  return url;
}

export interface FacebookProfile {
  id: string;
  email: string | null;
  name: string;
  firstName: string;
  lastName: string;
}

/** Graph's answer to GET /me as a profile; null when it is not one (no id). */
export function facebookProfileOf(body: unknown): FacebookProfile | null {
  const o = (body ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  if (typeof o.id !== 'string' || o.id === '') return null;
  const email = typeof o.email === 'string' && o.email.includes('@') ? o.email.trim().toLowerCase() : null;
  const name = text(o.name);
  const [first = '', ...rest] = name.split(/\s+/);
  return { id: o.id, email, name, firstName: text(o.first_name) || first, lastName: text(o.last_name) || rest.join(' ') };
}
