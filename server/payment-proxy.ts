import http from 'node:http';
import https from 'node:https';
import type { Request, RequestHandler, Response } from 'express';

/* The payment provider's pages and calls that must reach the channel API through the web origin
   (ARCHITECTURE "Payments"; the embedded channel API listens on loopback only):
   - /sandbox/*: the sandbox provider's hosted test checkout (its card form, the bank's
     authentication page, its stylesheet), a fan's browser with or without JavaScript;
   - POST /stripe/webhook: Stripe's events, verified by the channel API against the raw body.
   Each forwards exactly the paths it exists for — nothing else of the channel API (its api calls,
   the channel config with the channel key) is reachable through here — and only the headers
   those need. Mounted by server.ts. */

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** A checkout session of the sandbox and its bank page, its customer portal and "add a card" page
 *  (signed links), the bank page of a payment on a saved card, or their stylesheet. */
const SANDBOX_PATH =
  /^\/(?:checkout\/cs_test_[A-Za-z0-9]{24,64}(?:\/authenticate)?|(?:portal|add-card)\/[A-Za-z0-9_-]{10,2000}\.[A-Za-z0-9_-]{43}|payment\/pi_test_[A-Za-z0-9]{24,64}\/authenticate|assets\/checkout\.css)$/;

/** The path to forward for a request to /sandbox<rawPath> (query dropped), or null. */
export function sandboxPath(rawPath: string): string | null {
  const path = rawPath.split('?')[0];
  return SANDBOX_PATH.test(path) ? path : null;
}

/** The largest Stripe event we take (Stripe's are a few KB). */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

const plain = (res: Response, status: number, message: string) => void res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(message);

function forward(req: Request, res: Response, target: URL, opts: { passRequest: string[]; passResponse: string[]; label: string; clientIp?: string }) {
  const headers: http.OutgoingHttpHeaders = opts.clientIp ? { 'x-forwarded-for': opts.clientIp } : {};
  for (const name of opts.passRequest) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
  const secure = target.protocol === 'https:';
  const upstream = (secure ? https : http).request(target, { method: req.method, headers, agent: secure ? agents.https : agents.http }, (up) => {
    const out: http.OutgoingHttpHeaders = {};
    for (const name of opts.passResponse) if (up.headers[name] !== undefined) out[name] = up.headers[name];
    res.writeHead(up.statusCode ?? 502, out);
    up.pipe(res);
  });
  upstream.on('error', (error) => {
    if (res.headersSent) return void res.destroy();
    console.error(`[${opts.label}] ${req.method} ${req.originalUrl} failed: ${error.message}`);
    plain(res, 502, 'The payment service is not available. Please try again in a few minutes.');
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  if (req.method === 'POST') req.pipe(upstream);
  else upstream.end();
}

/** /sandbox/* → the channel API's /sandbox/*: pages and their form posts (after postGuard, which
 *  has checked the origin and the size of a post). */
export function sandboxProxy(opts: { target: string; clientIp: (req: Request) => string }): RequestHandler {
  const base = opts.target.replace(/\/+$/, '');
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return void res.status(405).set('Allow', 'GET, HEAD, POST').end();
    const path = sandboxPath(req.url);
    if (!path) return plain(res, 404, 'Not found');
    if (req.method === 'POST' && !req.is('application/x-www-form-urlencoded')) return plain(res, 415, 'The checkout takes form posts only.');
    forward(req, res, new URL(base + path), {
      passRequest: req.method === 'POST' ? ['content-type', 'content-length', 'accept'] : ['accept'],
      passResponse: ['content-type', 'content-length', 'location', 'cache-control'],
      label: 'sandbox',
      clientIp: opts.clientIp(req),
    });
  };
}

/** POST /stripe/webhook → the channel API's, body untouched (the signature covers its bytes). */
export function webhookProxy(opts: { target: string }): RequestHandler {
  const url = new URL(`${opts.target.replace(/\/+$/, '')}/stripe/webhook`);
  return (req, res) => {
    const length = req.get('Content-Length');
    if (length === undefined || !/^\d{1,15}$/.test(length)) return plain(res, 411, 'A webhook needs a Content-Length.');
    if (Number(length) > MAX_WEBHOOK_BYTES) return plain(res, 413, 'This event is too large.');
    forward(req, res, url, {
      passRequest: ['content-type', 'content-length', 'stripe-signature'],
      passResponse: ['content-type', 'content-length'],
      label: 'stripe-webhook',
    });
  };
}
