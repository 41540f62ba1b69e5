import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
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

/**
 * X-Forwarded-Host and X-Forwarded-Proto name the origin the browser saw, and only a proxy that
 * TRUST_PROXY names may say so. Express ignores them from anyone else (req.hostname, req.protocol),
 * but Remix's origin check, ours (app/http/same-origin.ts) and requestUrl read the raw header: so
 * when no trusted proxy set them they are dropped here, first, and a post is judged by its Host
 * alone. Refusing such a post instead would end every form of a site whose proxy sets them while
 * TRUST_PROXY is unset; dropping them never lets another origin through.
 */
export const untrustedForwardingGuard: RequestHandler = (req, _res, next) => {
  const trusts = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  if (!trusts(req.socket.remoteAddress ?? '', 0)) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
  }
  next();
};

export const methodGuard: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return next();
  res.set('Allow', ALLOWED_METHODS);
  if (req.method === 'OPTIONS') return void res.status(204).end();
  plain(res, 405, `${req.method} is not allowed here.`);
};

/** The URL Remix builds for this request (createRemixRequest in @remix-run/express, step by
 *  step), or null where that would throw: a Host like 'a b' or '[::1', a port out of range, an
 *  absolute-form or '*' request target. */
export function requestUrl(req: Pick<Request, 'protocol' | 'hostname' | 'originalUrl' | 'get'>): URL | null {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10);
  const forwardedPort = portOf(req.get('X-Forwarded-Host'));
  const hostPort = portOf(req.get('Host'));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : '';
  if (!req.originalUrl.startsWith('/')) return null;
  try {
    return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`);
  } catch {
    return null;
  }
}

export const urlGuard: RequestHandler = (req, res, next) => {
  if (requestUrl(req)) return next();
  plain(res, 400, 'Bad request: the Host header or the request target is not valid.');
};

/** Posts carry a form of reasonable size, from one of our own pages. */
export const postGuard: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  if (!isSameOrigin((name) => req.get(name))) return plain(res, 403, 'Cross-site form posts are refused.');
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
export function routedPath(req: Pick<Request, 'protocol' | 'hostname' | 'originalUrl' | 'get'>): string {
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
