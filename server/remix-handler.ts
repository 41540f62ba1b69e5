import http from 'node:http';
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type express from 'express';
import { encodedFor, negotiateEncoding, type Encoding } from './encoding.ts';
import { dropUntrustedForwarding, requestUrl, type TrustProxy } from './guards.ts';
import { pageKey, type Microcache, type StoredPage } from './microcache.ts';
import { knownRegion, regionCopy, regionKey } from '../app/channel/region.server.ts';
import { env } from '../app/config/env.server.ts';
import { cachePolicy, hasSessionCookie } from '../app/http/cache-policy.ts';
import { consentVariant } from '../app/http/consent.ts';
import { pageVariant } from '../app/http/data-saver.ts';
import { editHeaders } from '../app/http/edit-headers.ts';
import { hasPrerollCookie } from '../app/http/preroll-cookie.ts';
import { CLIENT_COUNTRY_HEADER, CLIENT_IP_HEADER } from '../app/http/request-headers.ts';
import { pageText } from '../app/http/text-response.ts';
import { localeVariant } from '../contract/locale.ts';

/* The Remix request handler for Express: what @remix-run/express does (Express request → Fetch
   Request → Remix → Express response), plus the one step it has no hook for: once the response
   is known, the request session (app/http/request-session.server.ts) that the action and the
   loaders shared is committed, once, onto whatever they returned or threw — a page, a redirect,
   a data request, a resource route or an error screen. Then the response gets its Cache-Control
   (app/http/cache-policy.ts), and a page every anonymous visitor shares is kept in the
   microcache (server/microcache.ts) from its second request on, and served from it until the
   content TTL runs out. */

export function remixHandler(options: {
  build: () => ServerBuild;
  mode: string;
  loadContext: (req: express.Request, res: express.Response) => AppLoadContext;
  /** Where anonymous pages are kept; none: every request is rendered. */
  microcache?: Microcache | null;
}): express.RequestHandler {
  let handle: ReturnType<typeof createRequestHandler> | null = null;
  let handledBuild: ServerBuild | null = null;
  return async (req, res, next) => {
    try {
      const build = options.build();
      // A rebuilt app (npm run dev) gets a new handler.
      if (build !== handledBuild) [handle, handledBuild] = [createRequestHandler(build, options.mode), build];
      // The URL guard (server/guards.ts) has refused requests whose URL does not build.
      const url = requestUrl(req)!;
      const hasSession = hasSessionCookie(req.get('Cookie') ?? null);
      const key = options.microcache ? pageKeyOf(req, url) : null;
      const encoding = negotiateEncoding(req.get('Accept-Encoding'));
      if (key) {
        const stored = storedPage(options.microcache!, key, () => regionKeyOfHeaders(req.headers));
        if (stored) return sendStored(res, stored, encoding);
      }
      const context = options.loadContext(req, res);
      const request = fetchRequest(req, res, url);
      const response = await handle!(request, context);
      // A page loaded as a document (not a data request of client navigation) may end a leftover session.
      const document = req.method === 'GET' && !url.searchParams.has('_data');
      const committed = context.session ? await context.session.commitTo(response, { endLeftover: document }) : response;
      const policy = cachePolicy(
        {
          method: request.method,
          status: committed.status,
          hasSession,
          setsCookie: committed.headers.has('Set-Cookie'),
          perViewer: context.perViewer === true,
          region: context.region ?? null,
          regionHeader: req.headers[CLIENT_COUNTRY_HEADER] ? env.REGION_HEADER : null,
          own: committed.headers.get('Cache-Control'),
        },
        env.CONTENT_TTL_SECONDS,
      );
      const vary = [context.multilanguage === true ? 'Accept-Language' : null, policy.vary].filter(Boolean).join(', ');
      const answer = withCacheControl(committed, policy.cacheControl, vary || undefined);
      if (policy.share !== 'none') opensInAnyProcess(res);
      if (key && policy.share !== 'none' && options.microcache!.admit(key)) {
        // A page rendered here is still a string (app/http/text-response.ts): no need to read it back.
        const text = pageText(answer);
        const page = {
          status: answer.status,
          statusText: answer.statusText,
          headers: headersAsSent(res, answer),
          body: text !== null ? Buffer.from(text) : Buffer.from(await answer.arrayBuffer()),
        };
        options.microcache!.set(key, policy.share === 'region' ? regionCopy(regionKeyOfHeaders(req.headers), context.region!) : null, page);
        return sendStored(res, { ...page, storedAt: Date.now(), encoded: null }, encoding, 'miss');
      }
      await send(res, answer);
    } catch (error) {
      next(error);
    }
  };
}

/** The microcache's key for a request: a GET without a session, or null (never kept, never served
 *  from it). A page varies on the data saver, on the cookie choice (with or without the notice: ADR 051)
 *  and on the language a channel with multilanguage would pick (the cookie, Accept-Language: ADR 055). */
function pageKeyOf(req: http.IncomingMessage, url: URL): string | null {
  // A visitor who skipped a pre-roll (its cookie, ADR 050) may get a page of their own.
  if (req.method !== 'GET' || hasSessionCookie(req.headers.cookie ?? null) || hasPrerollCookie(req.headers.cookie)) return null;
  return pageKey(url.href, `${pageVariant(req.headers)}+${consentVariant(req.headers)}+${localeVariant(req.headers)}`);
}

/** The page kept for this key and, for a page kept per region, the visitor's region (remembered
 *  by region.server.ts's regionKey). */
function storedPage(microcache: Microcache, key: string, visitorRegionKey: () => string): StoredPage | null {
  return microcache.get(key, () => {
    const visitor = visitorRegionKey();
    const country = knownRegion(visitor)?.country_code;
    return country === undefined ? undefined : regionCopy(visitor, country);
  });
}

/** The visitor's region key from the headers server.ts set (their address, a trusted country). */
function regionKeyOfHeaders(headers: http.IncomingHttpHeaders): string {
  const country = headers[CLIENT_COUNTRY_HEADER];
  return regionKey(String(headers[CLIENT_IP_HEADER] ?? ''), typeof country === 'string' ? country : null);
}

/** Headers of one request, never kept with a page: the rate limiter's counts (server/rate-limits.ts),
 *  the instance's name (server/instance.ts: set on every answer, a hit too). */
const PER_REQUEST_HEADER = /^(ratelimit|ratelimit-policy|retry-after|x-served-by)$/;

/** The headers a kept page is sent with: those the server set before Remix (security headers:
 *  server/csp.ts) under the page's own, as send() sends them; so a hit served before those
 *  middlewares (servedFromMicrocache) gets every one of them. */
function headersAsSent(res: express.Response, answer: Response): [string, string][] {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined && !PER_REQUEST_HEADER.test(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  for (const [name, value] of answer.headers.entries()) headers.set(name, value);
  return [...headers.entries()];
}

/**
 * The server's request listener: a page kept compressed in the microcache goes out first thing,
 * before Express, the security headers' and rate limits' middleware and the rest (ADR 031), with
 * the headers it was kept with — what a CDN does for a cached page, and the bulk of an anonymous
 * crowd. It reads Node's request as it comes (requestUrl, `visitorRegionKey`): making it an Express request
 * costs more than answering it. Everything else goes to `app`: a fan's request, another method, a
 * page not kept or not compressed yet, a visitor who takes only deflate.
 */
export function answeringFromMicrocache(
  microcache: Microcache | null,
  app: express.Express,
  visitorRegionKey: (req: http.IncomingMessage) => string,
): http.RequestListener {
  if (!microcache) return app;
  const trustProxy = app.get('trust proxy fn') as TrustProxy;
  return (req, res) => {
    if (req.method !== 'GET') return app(req, res);
    dropUntrustedForwarding(req, trustProxy);
    const url = requestUrl(req);
    const key = url && pageKeyOf(req, url);
    const stored = key ? storedPage(microcache, key, () => visitorRegionKey(req)) : null;
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!stored?.encoded || (encoding !== 'br' && encoding !== 'gzip' && encoding !== 'identity')) return app(req, res);
    const { headers, body } = storedAnswer(stored, encoding, 'hit');
    res.writeHead(stored.status, stored.statusText || http.STATUS_CODES[stored.status] || '', headers.flat());
    res.end(body);
  };
}

/** The response with its Cache-Control (app/http/cache-policy.ts); a shared copy varies on the
 *  cookie, so a cache that ignores our bypass rule still never serves it to a signed-in fan, and
 *  on Save-Data (the data saver's lighter page), and on what else the page depends on: the
 *  viewer's country header for a page kept per region (ADR 054), Accept-Language on a
 *  multilanguage channel (a visitor without the language cookie gets their browser's language: ADR 055). */
function withCacheControl(response: Response, cacheControl: string, vary?: string): Response {
  return editHeaders(response, (headers) => {
    headers.set('Cache-Control', cacheControl);
    if (cacheControl.startsWith('public')) headers.append('Vary', vary ? `Cookie, Save-Data, ${vary}` : 'Cookie, Save-Data');
  });
}

/** A page every anonymous visitor shares goes without Cross-Origin-Opener-Policy (ADR 031): a
 *  fan arriving from a link or a search opens it in the browser's process at hand, where COOP
 *  makes the browser start a new one first (about 300 ms before the first card on these machines,
 *  more on a phone). It is the same public document for everyone, with nothing of a fan's in it;
 *  every page of a session, or with a form, keeps COOP: same-origin (server/csp.ts). */
function opensInAnyProcess(res: express.Response): void {
  res.removeHeader('Cross-Origin-Opener-Policy');
}

/** Headers a stored page's answer sets itself: any kept with the page are left out (one of each). */
const SET_PER_ANSWER = new Set(['content-length', 'content-encoding', 'age', 'x-microcache', 'transfer-encoding']);

/** A page from the microcache (or just stored in it): its headers and body for a visitor who takes
 *  `encoding` (`Age` says how old the copy is). In the encoding it was compressed in once when the
 *  visitor takes it; otherwise as it is, and without a Content-Encoding or a Vary on it, for the
 *  `compression` middleware to treat as any other response (ADR 031). */
function storedAnswer(page: StoredPage, encoding: Encoding | null, outcome: 'hit' | 'miss'): { headers: [string, string][]; body: Buffer } {
  const encoded = encodedFor(page.encoded, encoding);
  const body = encoded ?? page.body;
  const headers: [string, string][] = [];
  let vary: string | null = null;
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase();
    if (lower === 'vary') vary = value;
    else if (!SET_PER_ANSWER.has(lower)) headers.push([name, value]);
  }
  if (page.encoded) vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  if (vary) headers.push(['Vary', vary]);
  if (encoded) headers.push(['Content-Encoding', encoding!]);
  headers.push(
    ['Content-Length', String(body.length)],
    ['Age', String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000)))],
    ['X-Microcache', outcome],
  );
  return { headers, body };
}

/** A stored page sent through Express (a hit not compressed yet, or a page just kept). */
function sendStored(res: express.Response, page: StoredPage, encoding: Encoding | null, outcome: 'hit' | 'miss' = 'hit'): void {
  opensInAnyProcess(res);
  const { headers, body } = storedAnswer(page, encoding, outcome);
  res.statusMessage = page.statusText;
  res.status(page.status);
  for (const [name, value] of headers) res.setHeader(name, value);
  res.end(body);
}

function fetchRequest(req: express.Request, res: express.Response, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  // Loaders and actions stop when the visitor goes away before the response is sent.
  const controller = new AbortController();
  res.on('close', () => !res.writableFinished && controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

async function send(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The response's own headers win over the defaults set before Remix (its page's CSP); only
  // Set-Cookie adds up.
  for (const [name, value] of response.headers.entries()) {
    if (name === 'set-cookie') res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  // A page rendered here is still a string (app/http/text-response.ts): sent as it is.
  const text = pageText(response);
  if (text !== null) res.end(text);
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
