import { WEB_URL } from './urls.ts';

/** The web app's client at the local OpenID provider (Google's stand-in in e2e). */
export const OIDC_CLIENT = {
  client_id: 'fieldhouse-e2e',
  client_secret: 'fieldhouse-e2e-secret-0123456789abcdef',
  redirect_uris: [`${WEB_URL}/auth/google/callback`],
};
