import type express from 'express';
import helmet from 'helmet';
import { routedPath } from './guards.ts';
import { contentSecurityPolicy } from '../app/http/content-security.server.ts';

/* Security headers and the default Content-Security-Policy (app/http/content-security.server.ts). */

/** Helmet's default (a year, subdomains too). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Helmet's headers, and the Content-Security-Policy of a response that is not a page (a page's
 *  own, with the hashes of its inline scripts and styles, replaces it: entry.server.tsx). */
export function securityHeaders(): express.RequestHandler {
  const headers = helmet({
    // helmet's no-referrer makes no-JS form posts arrive with Origin: null, which Remix rejects.
    referrerPolicy: { policy: 'same-origin' },
    // /watch_embed is meant for other sites' iframes: frame-ancestors decides, per path.
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: false,
    // Only over HTTPS, below: over plain http (npm start on localhost, a LAN address) it would
    // promise an HTTPS the host does not serve.
    strictTransportSecurity: false,
  });
  return (req, res, next) => {
    // req.secure: TLS here, or X-Forwarded-Proto: https from a proxy TRUST_PROXY names.
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    // Decided on the path Remix will route, not the raw one ('/watch_embed/../login' is /login).
    res.setHeader('Content-Security-Policy', contentSecurityPolicy({ pathname: routedPath(req), https: req.secure }));
    headers(req, res, next);
  };
}
