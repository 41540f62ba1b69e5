// Fieldhouse web server: Express 4 + the Remix handler. Start with
//   node --import ./instrument.server.mjs --import tsx server.ts   (npm start, after npm run build)
// or through `remix dev --manual` (npm run dev). See docs: ARCHITECTURE.md "Web app".
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { broadcastDevReady, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { rateLimit } from 'express-rate-limit';
import { env } from './app/env.server.ts';
import helmet from 'helmet';
import { mediaProxy } from './app/channel/media-proxy.server.ts';
import { channelCallCount } from './app/channel/request.server.ts';
import { finalErrorHandler, methodGuard, postGuard, routedPath, urlGuard } from './app/http/guards.server.ts';
import { CLIENT_IP_HEADER, newRequestId, REQUEST_ID_HEADER } from './app/http/request-headers.ts';
const BUILD_PATH = path.resolve('build/index.js');
const VERSION_PATH = path.resolve('build/version.txt');
const isDev = env.NODE_ENV === 'development';

// 1. The channel API: a remote one (CHANNEL_API_URL), or the reference one in this process.
let embedded: { url: string; close(): Promise<void> } | null = null;
if (!env.CHANNEL_API_URL) {
  const { startChannelApi } = await import('./channel-api/server.ts');
  // Links in the channel's mail point at this site.
  process.env.PUBLIC_URL ??= env.PUBLIC_URL;
  embedded = await startChannelApi({ port: 0, host: '127.0.0.1', dataDir: process.env.DATA_DIR ?? './data' });
  // The app's env module (in the Remix build) is evaluated after this and reads it from here.
  process.env.CHANNEL_API_URL = embedded.url;
  console.log(`Channel API (embedded) at ${embedded.url}`);
}
const channelApiUrl = (env.CHANNEL_API_URL ?? embedded?.url ?? '').replace(/\/+$/, '');

// 2. The Remix build.
if (!fs.existsSync(BUILD_PATH)) {
  console.error(`No Remix build at ${BUILD_PATH}: run \`npm run build\` first.`);
  process.exit(1);
}
async function importBuild(): Promise<ServerBuild> {
  // The query string busts Node's module cache so a rebuilt app is picked up in development.
  const stat = fs.statSync(BUILD_PATH);
  return import(`${pathToFileURL(BUILD_PATH).href}?t=${stat.mtimeMs}`) as Promise<ServerBuild>;
}
let build = await importBuild();

// 3. Express.
const app = express();
app.disable('x-powered-by');
app.set('trust proxy', env.TRUST_PROXY);

const clientIp = (req: express.Request) => (req.ip ?? req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
const isLoopback = (req: express.Request) => ['127.0.0.1', '::1'].includes(clientIp(req));

// Liveness, plus the channel call counter the benchmark reads (calls per page view).
app.get('/healthz', (_req, res) => void res.set('Cache-Control', 'no-store').json({ ok: true, channelCalls: channelCallCount() }));

// Requests no page of ours makes (another method, a Host or target Remix cannot parse) stop here.
app.use(methodGuard, urlGuard);
app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
  // Set here, never taken from the visitor: the channel client forwards the IP as
  // X-Forwarded-For, and the loaders of one request share the id (session.server sessionId).
  req.headers[CLIENT_IP_HEADER] = clientIp(req);
  req.headers[REQUEST_ID_HEADER] = newRequestId();
  next();
});
app.use(securityHeaders());

// Media streams straight from the channel API (no buffering, no compression of byte ranges).
app.use('/media', mediaProxy({ target: `${channelApiUrl}/media`, clientIp }));

// Never compress server-sent events: compression buffers them.
app.use(
  compression({
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  }),
);

// Fingerprinted assets never change; the rest of public/ may.
app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }));
app.use(express.static('public', { maxAge: '1h' }));

// Rate limits per client IP. Loopback is exempt (tests, benchmarks, a proxy without TRUST_PROXY).
const throttled: Parameters<typeof rateLimit>[0] = {
  windowMs: 60_000,
  standardHeaders: 'draft-7',
  legacyHeaders: false,
  // TRUST_PROXY is the operator's decision; the library's warning about it is noise here.
  validate: { trustProxy: false, xForwardedForHeader: false },
  handler: (_req, res, _next, options) => {
    res.status(options.statusCode).set('Retry-After', String(Math.ceil(options.windowMs / 1000))).type('html').send(throttledPage(60));
  },
};
// Sign-in style POSTs get a strict tier, with a message that says what happened.
// One counter per client IP for every password check: signing in, and the current password on
// /profile/edit. The tier is decided on the routed path, so '/x/../login' counts as /login.
const AUTH_PATHS = ['/login', '/registration', '/password-reset-request', '/password-reset', '/verify-email', '/confirm-account-deletion', '/auth/', '/profile/edit'];
const isAuthPost = (req: express.Request) => {
  if (req.method !== 'POST') return false;
  const path = routedPath(req).replace(/\/+$/, '') || '/';
  return AUTH_PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
};
app.use(
  rateLimit({
    ...throttled,
    limit: env.AUTH_RATE_LIMIT_PER_MINUTE,
    skip: (req) => !isAuthPost(req) || isLoopback(req),
    handler: (_req, res, _next, options) => {
      res.status(options.statusCode).set('Retry-After', String(Math.ceil(options.windowMs / 1000))).type('html').send(throttledPage(60, AUTH_THROTTLED));
    },
  }),
);
app.use(rateLimit({ ...throttled, limit: env.RATE_LIMIT_PER_MINUTE, skip: isLoopback }));

// A post from another site, or that is not a form of ours, changes nothing (the actions check
// the same origin again, and the CSRF token).
app.use(postGuard);

const getLoadContext = (req: express.Request, res: express.Response) => ({
  cspNonce: res.locals.cspNonce as string,
  clientIp: clientIp(req),
});
const mode = isDev ? 'development' : 'production';
app.all(
  '*',
  isDev
    ? (req, res, next) => createRequestHandler({ build, mode, getLoadContext })(req, res, next)
    : createRequestHandler({ build, mode, getLoadContext }),
);
app.use(finalErrorHandler((error) => console.error('[server] unexpected error', error)));

/** Helmet with a per-request nonce (TOOLCHAIN §3). Two instances: upgrade-insecure-requests
 *  only over HTTPS (over plain http on a LAN address it breaks every script). */
function securityHeaders(): express.RequestHandler {
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

const AUTH_THROTTLED = 'Too many sign-in attempts from your connection. For your security, please wait a minute before you try again.';

/** Origins of the configured social sign-in providers (their authorization pages). */
function socialOrigins(): string[] {
  const origins = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) origins.push(new URL(env.GOOGLE_ISSUER).origin);
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) origins.push(new URL(env.FACEBOOK_ISSUER).origin);
  return origins;
}

/** The 429 page of the rate limiter: no app, no JS needed (ThrottledScreen's no-JS form). */
function throttledPage(seconds: number, reason = 'We received too many requests from your connection in a short time.'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too many requests</title></head>
<body><main style="max-width:40rem;margin:4rem auto;padding:0 1rem;text-align:center;font-family:system-ui,sans-serif">
<h1>Too many requests</h1><p>${reason} Please wait a moment, then reload the page.</p>
<p>Please wait ${seconds} seconds, then reload the page.</p><p><a href="">Reload</a></p></main></body></html>`;
}

// 4. Listen, and stop cleanly.
const server = http.createServer(app);
server.listen(env.PORT, env.HOST, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Fieldhouse is running at http://localhost:${port}`);
  if (isDev) {
    void broadcastDevReady(build);
    // remix dev --manual: re-import the app whenever a rebuild finishes.
    fs.watchFile(VERSION_PATH, { interval: 200 }, async () => {
      build = await importBuild();
      void broadcastDevReady(build);
    });
  }
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use: stop the other server or set PORT.` : error);
  void embedded?.close().finally(() => process.exit(1));
  if (!embedded) process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  const force = setTimeout(() => {
    console.error('Shutdown took over 10 s; exiting.');
    process.exit(1);
  }, 10_000);
  force.unref();
  fs.unwatchFile(VERSION_PATH);
  server.close();
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 3_000).unref();
  try {
    await embedded?.close();
  } catch (error) {
    console.error('Closing the channel API failed:', error);
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
