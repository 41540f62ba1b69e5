import { WEB_URL } from './urls.ts';

/** The web app's Facebook app at the local stand-in of Facebook's endpoints (e2e). */
export const FACEBOOK_APP = {
  appId: 'fieldhouse-e2e-facebook',
  appSecret: 'fieldhouse-e2e-facebook-secret-0123456789',
  redirectUris: [`${WEB_URL}/auth/facebook/callback`],
};
