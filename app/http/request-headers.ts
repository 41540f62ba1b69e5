import crypto from 'node:crypto';

/* Headers server.ts sets on every request before Remix sees it, overwriting whatever the client
   sent under these names, so the app can trust them. */

/** Express's view of the client address (see TRUST_PROXY); the channel client forwards it. */
export const CLIENT_IP_HEADER = 'x-fieldhouse-client-ip';

/** One random id per HTTP request: the loaders of one document request share it. */
export const REQUEST_ID_HEADER = 'x-fieldhouse-request-id';

export const newRequestId = () => crypto.randomBytes(16).toString('base64url');

/** This request's id; outside server.ts (unit tests) a fresh one. */
export function requestId(request: Request): string {
  const id = request.headers.get(REQUEST_ID_HEADER);
  return id && /^[A-Za-z0-9_-]{22}$/.test(id) ? id : newRequestId();
}
