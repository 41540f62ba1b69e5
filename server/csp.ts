import type express from 'express';
import helmet from 'helmet';
import { routedPath } from './guards.ts';
import { env } from '../app/config/env.server.ts';

/* Security headers, with the Content-Security-Policy (a per-request nonce, TOOLCHAIN §3). */

const isDev = env.NODE_ENV === 'development';

/** Helmet with a per-request nonce (TOOLCHAIN §3). Two instances: upgrade-insecure-requests
 *  only over HTTPS (over plain http on a LAN address it breaks every script). */
export function securityHeaders(): express.RequestHandler {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce}'`;
  const sentryOrigin = env.SENTRY_DSN ? new URL(env.SENTRY_DSN).origin : null;
  const make = (https: boolean) =>
    helmet({
      // helmet's no-referrer makes no-JS form posts arrive with Origin: null, which Remix rejects.
      referrerPolicy: { policy: 'same-origin' },
      // /watch_embed is meant for other sites' iframes: frame-ancestors decides, per path below.
      xFrameOptions: false,
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          scriptSrc: ["'self'", nonce, ...(env.RECAPTCHA_SITE_KEY ? RECAPTCHA_ORIGINS : [])],
          frameSrc: ["'self'", ...(env.RECAPTCHA_SITE_KEY ? RECAPTCHA_ORIGINS : [])],
          scriptSrcAttr: ["'none'"],
          // <style> elements need the nonce; style attributes (React style props, Plyr) are allowed.
          styleSrc: ["'self'", nonce],
          styleSrcElem: ["'self'", nonce],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // data: for the empty caption tracks hls.js adds for in-stream subtitles.
          mediaSrc: ["'self'", 'blob:', 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : []), ...(isDev ? ['ws://localhost:*'] : [])],
          // Social sign-in posts answer with a redirect to the provider (TOOLCHAIN §3).
          formAction: ["'self'", ...socialOrigins()],
          // Decided on the path Remix will route, not the raw one ('/watch_embed/../login' is /login).
          frameAncestors: [(req) => (/^\/watch_embed\/[^/]+\/?$/.test(routedPath(req as express.Request)) ? '*' : "'self'")],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
    });
  const plain = make(false);
  const secure = make(true);
  return (req, res, next) => (req.secure ? secure : plain)(req, res, next);
}

/** reCAPTCHA's script and its challenge frame (only when RECAPTCHA_SITE_KEY is set). */
const RECAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.gstatic.com'];

/** Origins of the configured social sign-in providers (their authorization pages). */
function socialOrigins(): string[] {
  const origins = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) origins.push(new URL(env.GOOGLE_ISSUER).origin);
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) origins.push(new URL(env.FACEBOOK_ISSUER).origin);
  return origins;
}
