/* A header server.ts sets on every request before Remix sees it, overwriting whatever the client
   sent under this name, so the app can trust it. */

/** Express's view of the client address (see TRUST_PROXY); the channel client forwards it. */
export const CLIENT_IP_HEADER = 'x-fieldhouse-client-ip';

/** The visitor's country as a proxy TRUST_PROXY names told it (REGION_HEADER), else absent
 *  (server/region-header.ts); the channel client forwards it (ADR 054). */
export const CLIENT_COUNTRY_HEADER = 'x-fieldhouse-client-country';
