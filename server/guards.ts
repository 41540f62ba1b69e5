import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import proxyAddr from 'proxy-addr';
import { isSameOrigin } from '../app/http/same-origin.ts';

/* Express middleware that server.ts puts in front of the Remix handler: requests that no page
   of ours can make get a 4xx with a reason here, before they reach code that would throw on them
   (Remix builds `new URL(protocol://host + url)` and runs its own origin check, and a throw there
   is a 500). */

/** Forms use GET and POST only (CONVENTIONS "Forms"); HEAD and OPTIONS are answered politely. */
const ALLOWED_METHODS = 'GET, HEAD, POST';

/** The largest form post we accept: our forms send a few hundred bytes. */
export const MAX_FORM_BYTES = 100 * 1024;

const plain = (res: Parameters<RequestHandler>[1], status: number, message: string) =>
  void res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(message);

/** Express's compiled TRUST_PROXY setting (`app.get('trust proxy fn')`): whether the peer at this
 *  address, `hop` proxies away, may say who the visitor is. */
export type TrustProxy = (address: string, hop: number) => boolean;

const trustOf = (req: Request) => req.app.get('trust proxy fn') as TrustProxy;

/**
 * X-Forwarded-Host and X-Forwarded-Proto name the origin the browser saw, and only a proxy that
 * TRUST_PROXY names may say so. Express ignores them from anyone else (req.hostname, req.protocol),
 * but Remix's origin check, ours (app/http/same-origin.ts) and requestUrl read the raw header: so
 * when no trusted proxy set them they are dropped here, first, and a post is judged by its Host
 * alone. Refusing such a post instead would end every form of a site whose proxy sets them while
 * TRUST_PROXY is unset; dropping them never lets another origin through.
 */
export function dropUntrustedForwarding(req: http.IncomingMessage, trusts: TrustProxy): void {
  if (!trusts(req.socket.remoteAddress ?? '', 0)) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
  }
}

export const untrustedForwardingGuard: RequestHandler = (req, _res, next) => {
  dropUntrustedForwarding(req, trustOf(req));
  next();
};

/** The visitor's address: Express's req.ip (the nearest address TRUST_PROXY does not trust, from
 *  X-Forwarded-For), without an IPv4-mapped prefix. */
export function clientIpOf(req: http.IncomingMessage, trusts: TrustProxy): string {
  return proxyAddr(req, trusts).replace(/^::ffff:/, '');
}

export const methodGuard: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return next();
  res.set('Allow', ALLOWED_METHODS);
  if (req.method === 'OPTIONS') return void res.status(204).end();
  plain(res, 405, `${req.method} is not allowed here.`);
};

/** The first of a header's comma-separated values. */
const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0].trim();

/** A request as requestUrl reads it: Node's, or Express's (whose `url` a mounted router rewrites). */
type RequestLike = Pick<http.IncomingMessage, 'headers' | 'socket' | 'url'> & { originalUrl?: string };

/** The URL of this request as the browser saw it, which Remix gets, or null where building it
 *  would throw: a missing Host, a Host like 'a b' or '[::1', a port out of range, an absolute-form
 *  or '*' request target. Read from the headers once untrusted X-Forwarded-* are dropped
 *  (dropUntrustedForwarding): the protocol and host name Express's req.protocol and req.hostname
 *  give (a test holds them equal), with no Express request needed — the microcache answers before
 *  Express (server/remix-handler.ts). */
export function requestUrl(req: RequestLike): URL | null {
  const target = req.originalUrl ?? req.url ?? '';
  if (!target.startsWith('/')) return null;
  const protocol = firstValue(req.headers['x-forwarded-proto']) || ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
  const host = firstValue(req.headers['x-forwarded-host']) || req.headers.host;
  if (!host) return null;
  // The host name without its port (an IPv6 literal keeps its brackets), as req.hostname.
  const portAt = host.indexOf(':', host.startsWith('[') ? host.indexOf(']') + 1 : 0);
  const hostname = portAt === -1 ? host : host.slice(0, portAt);
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(':')[1] ?? '', 10);
  const forwardedPort = portOf(req.headers['x-forwarded-host'] as string | undefined);
  const hostPort = portOf(req.headers.host);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : '';
  try {
    return new URL(`${protocol}://${hostname}${port ? `:${port}` : ''}${target}`);
  } catch {
    return null;
  }
}

export const urlGuard: RequestHandler = (req, res, next) => {
  if (requestUrl(req)) return next();
  plain(res, 400, 'Bad request: the Host header or the request target is not valid.');
};

/** An alert mail's one-click unsubscribe address (RFC 8058; app/routes/alerts_.unsubscribe.$token.tsx):
 *  the path as Remix routes it, the token as the contract spells it (contract/alerts.ts). */
const ONE_CLICK_UNSUBSCRIBE = /^\/alerts\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Posts carry a form of reasonable size, from one of our own pages. One address is the exception
 *  to "our own pages": mail providers post to an alert mail's unsubscribe address from their own
 *  servers (RFC 8058), maybe with their own Origin. Its signed token is its only proof and all it
 *  can do is turn that alert off, so its Origin is dropped (Remix's own check would throw on a
 *  foreign one) and its action reads no form and no session; the size limits still hold. */
export const postGuard: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  if (ONE_CLICK_UNSUBSCRIBE.test(routedPath(req))) delete req.headers.origin;
  else if (!isSameOrigin((name) => req.get(name))) return plain(res, 403, 'Cross-site form posts are refused.');
  const length = req.get('Content-Length');
  // Browsers always send the length of a form post; a body of unknown size is not one of ours.
  if (length === undefined) return plain(res, 411, 'A form post needs a Content-Length.');
  if (!/^\d{1,15}$/.test(length)) return plain(res, 400, 'Bad request: Content-Length is not a number.');
  if (Number(length) > MAX_FORM_BYTES) return plain(res, 413, 'This form is too large to send.');
  next();
};

/**
 * The path Remix routes: the request URL resolved as Remix resolves it (so `..` and `%2e%2e`
 * are gone), each segment decoded as React Router decodes it for matching.
 */
export function routedPath(req: RequestLike): string {
  const pathname = requestUrl(req)?.pathname ?? '/';
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** Last handler: Express's own errors (a malformed %-escape, say) keep their 4xx, with no details. */
export function finalErrorHandler(log: (error: unknown) => void): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = Number(error?.status ?? error?.statusCode);
    if (status >= 400 && status < 500) return plain(res, status, 'Bad request.');
    log(error);
    plain(res, 500, 'Something went wrong. Please try again or contact technical support');
  };
}
