/* The one same-origin check for every request that can change something (any method but GET
   and HEAD). server.ts runs it on every such request before Remix sees it, and readForm runs it
   again inside each action. It refuses at least everything Remix's own check
   (throwIfPotentialCSRFAttack in @remix-run/server-runtime) would throw on, since a throw there
   is a 500: Remix compares the Origin's host with the first X-Forwarded-Host, else Host, and
   treats `Origin: null` or an unparsable Origin as a mismatch. The X-Forwarded-Host it reads is
   one a trusted proxy set: server.ts drops it from anyone else before this or Remix runs
   (untrustedForwardingGuard in server/guards.ts). */

/** Reads one request header by name (Express's `req.get`, or a Fetch `Headers#get`). */
export type HeaderGetter = (name: string) => string | null | undefined;

/** True for a request that comes from one of our own pages. */
export function isSameOrigin(header: HeaderGetter): boolean {
  const origin = header('Origin');
  if (origin !== null && origin !== undefined) {
    const host = header('X-Forwarded-Host')?.split(',')[0]?.trim() || header('Host');
    return Boolean(host) && hostOf(origin) === host;
  }
  // No Origin: a browser that sends Sec-Fetch-Site tells us where the post came from; a client
  // that sends neither is not a browser on another site (browsers send Origin on every POST).
  const site = header('Sec-Fetch-Site');
  return site === null || site === undefined || site === 'same-origin' || site === 'none';
}

function hostOf(origin: string): string | null {
  if (origin === 'null') return null;
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}
