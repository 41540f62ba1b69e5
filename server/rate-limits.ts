import type express from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { routedPath } from './guards.ts';
import type { Counter } from './rate-limit-counters.ts';
import { env } from '../app/config/env.server.ts';
import { signInThrottledMessage } from '../app/domain/auth-messages.ts';

/* Rate limits per client IP. Loopback is exempt (tests, benchmarks, a proxy without TRUST_PROXY).
   Sign-in is also limited per account, by the channel API, which counts for every web server
   (channel-api/services/sign-in-limits.ts; the login form shows its refusal: ADR 028).
   Where the counts live (one process's memory, or PostgreSQL shared by every web server) is
   `counters`' business: server/rate-limit-counters.ts, ADR 058. */

const WINDOW_MS = 60_000;
const throttled: Parameters<typeof rateLimit>[0] = {
  windowMs: WINDOW_MS,
  standardHeaders: 'draft-7',
  legacyHeaders: false,
  // TRUST_PROXY is the operator's decision; the library's warning about it is noise here.
  validate: { trustProxy: false, xForwardedForHeader: false },
  handler: (_req, res, _next, options) => {
    res
      .status(options.statusCode)
      .set('Retry-After', String(Math.ceil(options.windowMs / 1000)))
      .type('html')
      .send(throttledPage(60));
  },
};
// Sign-in style POSTs get a strict tier, with a message that says what happened.
// One counter per client IP for every password check: signing in, and the current password on
// /profile/edit. The tier is decided on the routed path, so '/x/../login' counts as /login.
const AUTH_PATHS = [
  '/login',
  '/registration',
  '/password-reset-request',
  '/password-reset',
  '/verify-email',
  '/confirm-account-deletion',
  '/auth/',
  '/profile/edit',
];
const isAuthPost = (req: express.Request) => {
  if (req.method !== 'POST') return false;
  const path = routedPath(req).replace(/\/+$/, '') || '/';
  return AUTH_PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
};

export interface Limits {
  /** Requests per minute per client address, and sign-in style posts (env RATE_LIMIT_PER_MINUTE, AUTH_RATE_LIMIT_PER_MINUTE). */
  pages: number;
  signIn: number;
}

/** The rate limiters, the strict sign-in tier first: `app.use(...rateLimits(isLoopback, counters))`. */
export function rateLimits(
  isLoopback: (req: express.Request) => boolean,
  counters: (counter: Counter) => Store,
  limits: Limits = { pages: env.RATE_LIMIT_PER_MINUTE, signIn: env.AUTH_RATE_LIMIT_PER_MINUTE },
): express.RequestHandler[] {
  const strict = rateLimit({
    ...throttled,
    limit: limits.signIn,
    store: counters({ name: 'sign-in', windowMs: WINDOW_MS, limit: limits.signIn }),
    skip: (req) => !isAuthPost(req) || isLoopback(req),
    handler: (_req, res, _next, options) => {
      res
        .status(options.statusCode)
        .set('Retry-After', String(Math.ceil(options.windowMs / 1000)))
        .type('html')
        .send(throttledPage(60, signInThrottledMessage(60)));
    },
  });
  const pages = rateLimit({
    ...throttled,
    limit: limits.pages,
    skip: isLoopback,
    store: counters({ name: 'pages', windowMs: WINDOW_MS, limit: limits.pages }),
  });
  return [strict, pages];
}

/** The 429 page of the rate limiter: no app, no JS needed (ThrottledScreen's no-JS form). */
function throttledPage(seconds: number, reason = 'We received too many requests from your connection in a short time.'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too many requests</title></head>
<body><main style="max-width:40rem;margin:4rem auto;padding:0 1rem;text-align:center;font-family:system-ui,sans-serif">
<h1>Too many requests</h1><p>${reason} Please wait a moment, then reload the page.</p>
<p>Please wait ${seconds} seconds, then reload the page.</p><p><a href="">Reload</a></p></main></body></html>`;
}
