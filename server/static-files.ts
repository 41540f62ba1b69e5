import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compressible from 'compressible';
import express from 'express';
import { COMPRESSION_THRESHOLD_BYTES, encodedFor, negotiateEncoding } from './encoding.ts';

/* The files of public/ — the build's fingerprinted scripts and styles above all — served from
   memory in the encoding compressed once at build time (scripts/precompress.ts writes `x.br` and
   `x.gz` beside `x`), never compressed per request (ADR 031). Read once at start-up: a file that
   appears later (npm run dev's rebuilds, the bench's copies) is not here and falls through to
   express.static and the `compression` middleware, as does a file the build left uncompressed
   (a build without scripts/precompress.ts) and a visitor who takes only deflate.
   Each representation has its own strong ETag (a hash of its bytes), Content-Length and byte
   ranges (of the bytes sent, as HTTP says for an encoded representation). */

interface Representation {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  contentType: string;
  lastModified: string;
  cacheControl: string;
  identity: Representation;
  /** Absent: the file is sent as it is to everyone (small, or a type no one compresses). */
  encoded: { br: Representation; gzip: Representation } | null;
}

const representation = (body: Buffer): Representation => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

/** What express.static says a file is (send's mime table, with its charset). */
export function contentTypeOf(file: string): string {
  const type = express.static.mime.lookup(file);
  const charset = express.static.mime.charsets.lookup(type, '');
  return charset ? `${type}; charset=${charset}` : type;
}

/** Whether the `compression` middleware would compress this file: the files worth writing
 *  compressed at build time. */
export function worthCompressing(file: string, bytes: number): boolean {
  return bytes >= COMPRESSION_THRESHOLD_BYTES && compressible(express.static.mime.lookup(file)) === true;
}

const isEncodedCopy = (name: string) => name.endsWith('.br') || name.endsWith('.gz');

/** Every file under `root` (its URL path → the file), leaving out the compressed copies. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && !isEncodedCopy(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files of `root` that can be served from memory as the per-request path would serve them. */
export function loadStaticFiles(root: string, cacheControlOf: (urlPath: string) => string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const file of filesUnder(root)) {
    const urlPath = '/' + path.relative(root, file).split(path.sep).join('/');
    const stat = fs.statSync(file);
    const identity = representation(fs.readFileSync(file));
    let encoded: StaticFile['encoded'] = null;
    if (worthCompressing(file, stat.size)) {
      // Written by scripts/precompress.ts, after the file itself: older copies are stale.
      const copy = (suffix: string) =>
        fs.existsSync(file + suffix) && fs.statSync(file + suffix).mtimeMs >= stat.mtimeMs ? fs.readFileSync(file + suffix) : null;
      const [br, gzip] = [copy('.br'), copy('.gz')];
      if (!br || !gzip) continue;
      encoded = { br: representation(br), gzip: representation(gzip) };
    }
    files.set(urlPath, {
      contentType: contentTypeOf(file),
      lastModified: stat.mtime.toUTCString(),
      cacheControl: cacheControlOf(urlPath),
      identity,
      encoded,
    });
  }
  return files;
}

export function staticFiles(files: Map<string, StaticFile>): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = files.get(req.path);
    if (!file) return next();
    const encoding = negotiateEncoding(req.get('Accept-Encoding'));
    // deflate is made per request, as before (no browser asks for it alone).
    if (file.encoded && encoding === 'deflate') return next();
    const chosen = encodedFor(file.encoded, encoding) ?? file.identity;
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', file.cacheControl);
    res.setHeader('Last-Modified', file.lastModified);
    res.setHeader('ETag', chosen.etag);
    res.setHeader('Accept-Ranges', 'bytes');
    if (file.encoded) {
      res.vary('Accept-Encoding');
      if (chosen !== file.identity) res.setHeader('Content-Encoding', encoding!);
    }
    if (req.fresh) return void res.status(304).end();
    sendBytes(req, res, chosen);
  };
}

/** The whole body, or the one byte range asked for (as express.static does: several ranges, a
 *  malformed header or a stale If-Range get the whole body; a range past the end gets 416). */
function sendBytes(req: express.Request, res: express.Response, chosen: Representation): void {
  const size = chosen.body.length;
  const ifRange = req.get('If-Range');
  const ranges = req.get('Range') && (!ifRange || ifRange === chosen.etag || ifRange === res.getHeader('Last-Modified')) ? req.range(size) : undefined;
  if (ranges === -1) {
    res.setHeader('Content-Range', `bytes */${size}`);
    return void res.status(416).end();
  }
  let body = chosen.body;
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0];
    body = chosen.body.subarray(start, end + 1);
    res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') return void res.end();
  res.end(body);
}
