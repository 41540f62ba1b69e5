/* A header server.ts sets on every request before Remix sees it, overwriting whatever the client
   sent under this name, so the app can trust it. */

/** Express's view of the client address (see TRUST_PROXY); the channel client forwards it. */
export const CLIENT_IP_HEADER = 'x-fieldhouse-client-ip';
