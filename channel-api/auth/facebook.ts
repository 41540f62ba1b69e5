import type { VerifiedIdentity } from './social.ts';
import { SERVER_MSG } from '../../contract/auth.ts';
import { FACEBOOK_EMAIL_NOT_SHARED, facebookProfileOf, facebookProfileUrl } from '../../contract/facebook.ts';
import { HttpError } from '../http/errors.ts';

/* Facebook sign-in (ADR 056): the web app hands us the fan's user access token; we read their
 * profile from the Graph API ourselves, with the app's proof (appsecret_proof), so a token issued
 * to another app, or made up, is refused by Graph before we trust any address in it. */

export interface FacebookAppConfig {
  appId: string;
  appSecret: string;
  /** https://graph.facebook.com, or a local stand-in in tests (FACEBOOK_GRAPH_URL). */
  graphUrl: string;
}

export const EMAIL_NOT_SHARED = FACEBOOK_EMAIL_NOT_SHARED;

const invalidToken = () => new HttpError(400, 'wrong_credentials', SERVER_MSG.wrongAuth, { access_token: ['The sign-in token is not valid.'] });

export async function verifyFacebookToken(app: FacebookAppConfig, accessToken: string): Promise<VerifiedIdentity> {
  let res: Response;
  try {
    res = await fetch(facebookProfileUrl(app.graphUrl, { appSecret: app.appSecret, accessToken }), { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new HttpError(503, 'service_unavailable', 'Facebook cannot be reached right now. Please try again in a moment.');
  }
  // Graph answers 400 (OAuthException, code 190: bad or expired token; code 100: a proof that
  // does not match the token's app) for a token it will not honour; 5xx when it is down.
  if (res.status >= 500) throw new HttpError(503, 'service_unavailable', 'Facebook cannot be reached right now. Please try again in a moment.');
  const profile = res.ok ? facebookProfileOf(await res.json().catch(() => null)) : null;
  if (!profile) throw invalidToken();
  if (!profile.email) throw new HttpError(400, 'email_not_shared', EMAIL_NOT_SHARED, { access_token: [EMAIL_NOT_SHARED] });
  // Graph gives only an address the person has confirmed with Facebook.
  return { subject: profile.id, email: profile.email, emailVerified: true, firstName: profile.firstName, lastName: profile.lastName };
}
