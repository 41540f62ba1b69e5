import type { Request, RequestHandler, Response } from 'express';
import { forward } from './forward.ts';

/* The payment provider's pages and calls that must reach the channel API through the web origin
   (ARCHITECTURE "Payments"; the embedded channel API listens on loopback only):
   - /sandbox/*: the sandbox provider's hosted test checkout (its card form, the bank's
     authentication page, its stylesheet), a fan's browser with or without JavaScript;
   - POST /stripe/webhook: Stripe's events, verified by the channel API against the raw body.
   Each forwards exactly the paths it exists for — nothing else of the channel API (its api calls,
   the channel config with the channel key) is reachable through here — and only the headers
   those need. Mounted by server.ts. */

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

const unavailable = (label: string, req: Request) => (res: Response, error: Error) => {
  console.error(`[${label}] ${req.method} ${req.originalUrl} failed: ${error.message}`);
  plain(res, 502, 'The payment service is not available. Please try again in a few minutes.');
};

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
      extraHeaders: { 'x-forwarded-for': opts.clientIp(req) },
      unavailable: unavailable('sandbox', req),
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
      unavailable: unavailable('stripe-webhook', req),
    });
  };
}
