// Fieldhouse web server: Express 4 + the Remix handler. Start with
//   npm start (node with the flags package.json gives, after npm run build)
// or through `remix dev --manual` (npm run dev). See docs: ARCHITECTURE.md "Web app".
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { broadcastDevReady, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { regionKey } from './app/channel/region.server.ts';
import { channelCallCount } from './app/channel/request.server.ts';
import { env } from './app/config/env.server.ts';
import { leafRoutesOf } from './app/domain/analytics.ts';
import { CLIENT_COUNTRY_HEADER, CLIENT_IP_HEADER } from './app/http/request-headers.ts';
import { startAnalytics } from './server/analytics/index.ts';
import { securityHeaders } from './server/csp.ts';
import { COMPRESSION_THRESHOLD_BYTES, PER_REQUEST } from './server/encoding.ts';
import { clientIpOf, finalErrorHandler, methodGuard, postGuard, untrustedForwardingGuard, urlGuard, type TrustProxy } from './server/guards.ts';
import { mediaProxy } from './server/media-proxy.ts';
import { createMicrocache } from './server/microcache.ts';
import { sandboxProxy, webhookProxy } from './server/payment-proxy.ts';
import { rateLimits } from './server/rate-limits.ts';
import { trustedCountryOf } from './server/region-header.ts';
import { answeringFromMicrocache, remixHandler } from './server/remix-handler.ts';
import { loadStaticFiles, staticFiles } from './server/static-files.ts';
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

// The visitor's address, as Express's req.ip says it (TRUST_PROXY), read from Node's request.
const trustProxy = app.get('trust proxy fn') as TrustProxy;
const clientIp = (req: http.IncomingMessage) => clientIpOf(req, trustProxy);
// The visitor's country as a proxy TRUST_PROXY names says it (REGION_HEADER), or null (ADR 054).
const clientCountry = (req: http.IncomingMessage) => trustedCountryOf(req, trustProxy, env.REGION_HEADER);
// What the visitor's region is remembered by: the microcache picks a page's regional copy by it.
const visitorRegionKey = (req: http.IncomingMessage) => regionKey(clientIp(req), clientCountry(req));
const isLoopback = (req: express.Request) => ['127.0.0.1', '::1'].includes(clientIp(req));
// Page views and viewing time for the channel's analytics, sent in the background (ADR 049).
const analytics = env.ANALYTICS === 'on' ? startAnalytics(clientIp) : null;

// X-Forwarded-Host and -Proto count only from a proxy TRUST_PROXY names: from anyone else they go.
app.use(untrustedForwardingGuard);

// Liveness, plus the channel call counter the benchmark reads (calls per page view).
app.get('/healthz', (_req, res) => void res.set('Cache-Control', 'no-store').json({ ok: true, channelCalls: channelCallCount() }));

// Requests no page of ours makes (another method, a Host or target Remix cannot parse) stop here.
app.use(methodGuard, urlGuard);
app.use((req, res, next) => {
  // Set here, never taken from the visitor: the channel client forwards it as X-Forwarded-For.
  req.headers[CLIENT_IP_HEADER] = clientIp(req);
  const country = clientCountry(req);
  if (country) req.headers[CLIENT_COUNTRY_HEADER] = country;
  else delete req.headers[CLIENT_COUNTRY_HEADER];
  next();
});

// Pages every anonymous visitor shares, kept compressed (ADR 013, 031): a hit goes out before
// Express (answeringFromMicrocache, below), with the headers it was kept with.
const microcache =
  env.MICROCACHE_MB > 0 && env.CONTENT_TTL_SECONDS > 0 && !isDev
    ? createMicrocache({ maxBytes: env.MICROCACHE_MB * 1024 * 1024, ttlMs: env.CONTENT_TTL_SECONDS * 1000 })
    : null;
app.use(securityHeaders());

// Media streams straight from the channel API (no buffering, no compression of byte ranges).
app.use('/media', mediaProxy({ target: `${channelApiUrl}/media`, clientIp, clientCountry, segments: analytics?.segments }));
// Stripe's events (no Origin, a JSON body signed byte for byte): straight to the channel API.
app.post('/stripe/webhook', webhookProxy({ target: channelApiUrl }));

// Fingerprinted assets never change; the rest of public/ may.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';
// The files of public/ from memory, each compressed once at build time (ADR 031).
const builtFiles = isDev ? new Map() : loadStaticFiles('public', (urlPath) => (urlPath.startsWith('/build/') ? IMMUTABLE : HOUR));
app.use(staticFiles(builtFiles));
if (!isDev) console.log(`Static files: ${builtFiles.size} served from memory`);

// What is left is compressed per request (ADR 031): a fan's own pages, data requests, a page
// rendered for one visitor. Never server-sent events: compression buffers them.
app.use(
  compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    level: PER_REQUEST.gzipLevel,
    brotli: PER_REQUEST.brotli,
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  }),
);

// Files not read at start-up (npm run dev's rebuilds).
app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }));
// Pages have no file extension: only a path with one can be a file of public/ (saves a file-system
// lookup on every page).
const publicFiles = express.static('public', { maxAge: '1h' });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

app.use(...rateLimits(isLoopback));

// A post from another site, or that is not a form of ours, changes nothing (the actions check
// the same origin again, and the CSRF token).
app.use(postGuard);

// The sandbox payment provider's hosted test checkout (ADR 015), a page of the channel API.
app.use('/sandbox', sandboxProxy({ target: `${channelApiUrl}/sandbox`, clientIp }));

// What a playing player reports, passed on to the channel with this server's key (ADR 049).
if (analytics) app.post('/analytics/video', ...analytics.beacon);
else app.post('/analytics/video', (_req, res) => void res.status(204).end());

// The app. Every loader and the action of one request get the same context object.
app.all(
  '*',
  remixHandler({
    build: () => build,
    mode: isDev ? 'development' : 'production',
    loadContext: (req) => ({ clientIp: clientIp(req) }),
    microcache,
  }),
);
app.use(finalErrorHandler((error) => console.error('[server] unexpected error', error)));

// 4. Listen, and stop cleanly.
const answer = answeringFromMicrocache(microcache, app, visitorRegionKey);
// The app's page routes, for the page views of client-side navigations (per build: npm run dev rebuilds).
const leafRoutes = new WeakMap<ServerBuild, ReadonlySet<string>>();
const pageRoutes = () => leafRoutes.get(build) ?? leafRoutes.set(build, leafRoutesOf(build.routes)).get(build)!;
const server = http.createServer(analytics ? analytics.listener(answer, pageRoutes) : answer);
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
    await analytics?.close();
    await embedded?.close();
  } catch (error) {
    console.error('Closing the channel API failed:', error);
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
