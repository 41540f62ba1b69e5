import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type express from 'express';
import { negotiateEncoding } from './encoding.ts';
import { requestUrl } from './guards.ts';
import { pageKey, type Microcache, type StoredPage } from './microcache.ts';
import { knownRegion } from '../app/channel/region.server.ts';
import { env } from '../app/config/env.server.ts';
import { cachePolicy, hasSessionCookie } from '../app/http/cache-policy.ts';
import { pageVariant } from '../app/http/data-saver.ts';
import { editHeaders } from '../app/http/edit-headers.ts';
import { CLIENT_IP_HEADER } from '../app/http/request-headers.ts';
import { pageText } from '../app/http/text-response.ts';

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
      const key = options.microcache && req.method === 'GET' && !hasSession ? pageKey(url.href, pageVariant(req.headers)) : null;
      if (key) {
        const stored = storedPage(options.microcache!, key, req);
        if (stored) return sendStored(req, res, stored);
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
          own: committed.headers.get('Cache-Control'),
        },
        env.CONTENT_TTL_SECONDS,
      );
      const answer = withCacheControl(committed, policy.cacheControl);
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
        options.microcache!.set(key, policy.share === 'region' ? context.region! : null, page);
        return sendStored(req, res, { ...page, storedAt: Date.now(), encoded: null }, 'miss');
      }
      await send(res, answer);
    } catch (error) {
      next(error);
    }
  };
}

/** The page kept for this request's key and, for a page kept per region, the visitor's region. */
function storedPage(microcache: Microcache, key: string, req: express.Request): StoredPage | null {
  return microcache.get(key, () => knownRegion(String(req.headers[CLIENT_IP_HEADER] ?? ''))?.country_code);
}

/** Headers of one request, never kept with a page: the rate limiter's counts (server/rate-limits.ts). */
const PER_REQUEST_HEADER = /^(ratelimit|ratelimit-policy|retry-after)$/;

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
 * A page kept compressed in the microcache, served first thing (server.ts mounts this before the
 * security headers, rate limits and the rest: ADR 031): what a CDN does for a cached page, and the
 * bulk of an anonymous crowd. Anything else goes on down the chain: a fan's request, another
 * method, a page not kept or not compressed yet, a visitor who takes only deflate.
 */
export function servedFromMicrocache(microcache: Microcache | null): express.RequestHandler {
  return (req, res, next) => {
    if (!microcache || req.method !== 'GET' || hasSessionCookie(req.get('Cookie') ?? null)) return next();
    const url = requestUrl(req);
    if (!url) return next();
    const stored = storedPage(microcache, pageKey(url.href, pageVariant(req.headers)), req);
    const encoding = negotiateEncoding(req.get('Accept-Encoding'));
    if (!stored?.encoded || (encoding !== 'br' && encoding !== 'gzip' && encoding !== 'identity')) return next();
    sendStored(req, res, stored);
  };
}

/** The response with its Cache-Control (app/http/cache-policy.ts); a shared copy varies on the
 *  cookie, so a cache that ignores our bypass rule still never serves it to a signed-in fan, and
 *  on Save-Data (the data saver's lighter page). */
function withCacheControl(response: Response, cacheControl: string): Response {
  return editHeaders(response, (headers) => {
    headers.set('Cache-Control', cacheControl);
    if (cacheControl.startsWith('public')) headers.append('Vary', 'Cookie, Save-Data');
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

/** A page from the microcache (or just stored in it); `Age` says how old the copy is. Sent in the
 *  encoding it was compressed in once when the visitor takes it; otherwise as it is, and the
 *  `compression` middleware treats it as any other response (ADR 031). */
function sendStored(req: express.Request, res: express.Response, page: StoredPage, outcome: 'hit' | 'miss' = 'hit'): void {
  opensInAnyProcess(res);
  res.statusMessage = page.statusText;
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('Age', String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))));
  res.setHeader('X-Microcache', outcome);
  const encoding = negotiateEncoding(req.get('Accept-Encoding'));
  const encoded = page.encoded && (encoding === 'br' || encoding === 'gzip') ? page.encoded[encoding] : null;
  if (page.encoded) res.vary('Accept-Encoding');
  if (encoded) res.setHeader('Content-Encoding', encoding!);
  const body = encoded ?? page.body;
  res.setHeader('Content-Length', body.length);
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
