import type { Request, RequestHandler, Response } from 'express';
import { forward } from './forward.ts';
import { createPictureCache, MAX_PICTURE_BYTES, PICTURES, sharedLifetimeMs, type KeptPicture, type PictureCache } from './picture-cache.ts';
import { MEDIA_GRANT_COOKIE } from '../contract/index.ts';
import { VIEWER_COUNTRY_HEADER } from '../contract/regions.ts';
import type { SegmentCounter } from './analytics/segments.ts';

/* /media/* on the web origin, streamed from the channel API's /media/* (ARCHITECTURE "Media"):
   the browser fetches video from 'self' (CSP media-src), byte ranges and conditional requests
   pass through, and nothing is buffered. Mounted by server.ts. It forwards media file paths and
   nothing else: the channel API behind it also serves the channel config (with the channel key)
   and every api call, which must never be reachable through here. */

const PASS_REQUEST = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'accept', 'accept-encoding', 'user-agent'];
const PASS_RESPONSE = [
  'content-type',
  // A download's file name (/media/downloads/<signed token>).
  'content-disposition',
  'content-length',
  'content-range',
  'content-encoding',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'expires',
  'vary',
  'access-control-allow-origin',
];

/* Media file names are plain: letters, digits, dot, dash and underscore, never starting with a
   dot (so no `.`/`..` segment and no hidden file), up to 512 characters (a signed download token). A path made only of such segments stays inside
   the channel's media area however the upstream server resolves it; nothing needs decoding, so
   any %-escape (`%2e%2e`, `%2f`, `%00`), backslash, empty segment or other character is refused
   rather than interpreted. */
const MEDIA_PATH = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,511}){1,8}$/;

/** The media grant cookies of a request (app/http/media-grant.server.ts), and no other cookie: the
 *  session cookie never leaves this server. */
const GRANT_COOKIE = new RegExp(`^(?:__|__Secure-)${MEDIA_GRANT_COOKIE}$`);
export function grantCookieHeader(cookieHeader: string | undefined): string | undefined {
  const grants = (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => GRANT_COOKIE.test(pair.slice(0, Math.max(0, pair.indexOf('=')))));
  return grants.length > 0 ? grants.join('; ') : undefined;
}

/** The path to forward for a request to /media<rawPath> (query dropped), or null: not media. */
export function mediaPath(rawPath: string): string | null {
  const path = rawPath.split('?')[0];
  return MEDIA_PATH.test(path) ? path : null;
}

export function mediaProxy(opts: {
  target: string;
  clientIp: (req: Request) => string;
  /** The trusted proxy's country for the visitor (server/region-header.ts), or null. */
  clientCountry?: (req: Request) => string | null;
  segments?: SegmentCounter | null;
  /** The channel's pictures kept in memory (server/picture-cache.ts); one of its own by default. */
  pictures?: PictureCache;
}): RequestHandler {
  const base = opts.target.replace(/\/+$/, '');
  const pictures = opts.pictures ?? createPictureCache();
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').end();
      return;
    }
    // req.url is the part after /media, as the client sent it (Express does not resolve `..`).
    const path = mediaPath(req.url);
    if (!path) {
      res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found');
      return;
    }
    // A picture kept from an earlier answer; a byte range always goes to the channel API.
    const picture = PICTURES.test(path) && req.headers.range === undefined;
    const kept = picture ? pictures.get(path, req.headers['accept-encoding']) : undefined;
    if (kept) return void sendKept(req, res, kept, pictures.ageOf(kept));
    // Only the path: a media file needs no query string, and none is forwarded.
    const grants = grantCookieHeader(req.headers.cookie);
    // The visitor's address and country: the origin refuses a game's files in a region it is not shown in (ADR 054).
    const country = opts.clientCountry?.(req) ?? null;
    forward(req, res, new URL(base + path), {
      passRequest: PASS_REQUEST,
      passResponse: PASS_RESPONSE,
      extraHeaders: { 'x-forwarded-for': opts.clientIp(req), ...(country ? { [VIEWER_COUNTRY_HEADER]: country } : {}), ...(grants ? { cookie: grants } : {}) },
      unavailable: (r, error) => {
        console.error(`[media] ${req.method} /media${req.url} failed: ${error.message}`);
        r.status(502).type('text').send('Media is unavailable right now.');
      },
      onResponse: (up, passed) => {
        // What a viewer fetches is what they watched (server/analytics/segments.ts).
        opts.segments?.observe(req, path, up);
        // Gathered only when it may be kept: nothing private or too large is buffered.
        const lifetimeMs = picture && req.method === 'GET' ? sharedLifetimeMs(up.statusCode ?? 0, up.headers) : null;
        if (lifetimeMs !== null && Number(up.headers['content-length'] ?? 0) <= MAX_PICTURE_BYTES) {
          const chunks: Buffer[] = [];
          up.on('data', (chunk: Buffer) => chunks.push(chunk));
          up.on('end', () => pictures.keep(path, req.headers['accept-encoding'], passed, Buffer.concat(chunks), lifetimeMs));
        }
      },
    });
  };
}

/** A kept picture, with its age; or 304 when the client already has it (Express's `req.fresh`,
 *  as server/static-files.ts answers: it compares If-None-Match with the ETag set here). */
function sendKept(req: Request, res: Response, kept: KeptPicture, age: number) {
  for (const [name, value] of Object.entries({ ...kept.headers, age: String(age) })) if (value !== undefined) res.setHeader(name, value);
  if (req.fresh) {
    // A 304 carries the validators and caching headers, not the body's.
    for (const name of ['content-length', 'content-type', 'content-encoding', 'content-range', 'accept-ranges']) res.removeHeader(name);
    res.status(304).end();
    return;
  }
  res.status(200);
  res.end(req.method === 'HEAD' ? undefined : kept.body);
}
