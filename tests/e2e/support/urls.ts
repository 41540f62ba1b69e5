/* Ports of the e2e run (never 3000/4000, so a developer's own servers can keep running).
   E2E_PORT_OFFSET moves them all, so a second checkout can run its own suite beside this one
   (scripts/e2e-sandbox.sh). */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const at = (port: number) => `http://127.0.0.1:${port + offset}`;

export const WEB_URL = at(3300);
export const CHANNEL_API_URL = at(4300);
export const CONTROL_URL = at(4301);
/** The OpenID Connect provider social sign-in runs against (tests/support/oidc-provider.ts). */
export const OIDC_URL = at(4400);
/** The stand-in for Facebook's login dialog and Graph API (tests/support/facebook-stand-in.ts). */
export const FACEBOOK_URL = at(4410);
