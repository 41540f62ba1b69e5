import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../../server/encoding.ts';
import { loadStaticFiles, staticFiles } from '../../../server/static-files.ts';

/* public/ compressed once by the build (scripts/precompress.ts) and served from memory as the
   per-request path would serve it: the same encoding for each Accept-Encoding, the same bytes once
   decoded, an ETag per representation, byte ranges, and files the build did not compress left to
   express.static and the compression middleware (ADR 031). */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-static-'));
const script = Array.from({ length: 300 }, (_, i) => `export const card${i} = () => "Lakeview @ Northside ${i}";`).join('\n');
const files: Record<string, string | Buffer> = {
  'build/_shared/chunk-ABC.js': script,
  'build/entry-small.js': 'export {};',
  'build/_assets/logo.webp': Buffer.alloc(4096, 7),
  'plyr.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<symbol id="x"><path d="M0 0h24v24H0z"/></symbol>'.repeat(60)}</svg>`,
};
let server: http.Server;
let port = 0;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    http
      .request({ port, host: '127.0.0.1', path: urlPath, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
const decoded = ({ headers, body }: Answer) =>
  headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body;

beforeAll(async () => {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  // A copy left by an earlier build whose file is gone.
  fs.writeFileSync(path.join(root, 'build/gone-OLD.js.br'), 'stale');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/precompress.ts', root]);
  // Added after the build: not compressed at build time.
  fs.writeFileSync(path.join(root, 'build/late.js'), script);

  const app = express();
  app.use(staticFiles(loadStaticFiles(root, (urlPath) => (urlPath.startsWith('/build/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'))));
  app.use(compression({ threshold: COMPRESSION_THRESHOLD_BYTES }));
  app.use(express.static(root, { immutable: true, maxAge: '1y' }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('scripts/precompress.ts', () => {
  it('writes Brotli and gzip beside each file worth compressing, none for pictures or small files, and removes stale copies', () => {
    const has = (name: string) => fs.existsSync(path.join(root, name));
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, 'build/_shared/chunk-ABC.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(root, 'build/_shared/chunk-ABC.js.gz'))).toString()).toBe(script);
    expect(has('plyr.svg.br') && has('plyr.svg.gz')).toBe(true);
    expect(has('build/_assets/logo.webp.br') || has('build/_assets/logo.webp.gz'), 'a picture is not compressed again').toBe(false);
    expect(has('build/entry-small.js.br'), 'under the threshold').toBe(false);
    expect(has('build/gone-OLD.js.br')).toBe(false);
  });
});

describe('staticFiles', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['br;q=0', undefined],
  ])('answers %j with %s, the same bytes once decoded, cached for a year', async (acceptEncoding, encoding) => {
    const answer = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': acceptEncoding });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decoded(answer).toString()).toBe(script);
  });

  it('gives each representation its own ETag and answers a matching one with 304', async () => {
    const br = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' });
    const gzip = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'gzip' });
    const identity = await get('/build/_shared/chunk-ABC.js');
    expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(3);
    const again = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    expect(other.status, "Brotli's ETag does not match the gzip copy").toBe(200);
  });

  it('serves one byte range of the bytes it sends; a range past the end is refused with 416; HEAD sends no body', async () => {
    const whole = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'gzip' });
    const part = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'gzip', range: 'bytes=10-109' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(10, 110))).toBe(true);
    const past = await get('/build/_shared/chunk-ABC.js', { range: `bytes=${script.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${script.length}`);
    const stale = await get('/build/_shared/chunk-ABC.js', { range: 'bytes=0-9', 'if-range': '"another-version"' });
    expect(stale.status, 'If-Range of another version: the whole file').toBe(200);
    const head = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String((await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' })).body.length));
    expect(head.body.length).toBe(0);
  });

  it('answers any Range header with the whole file, the exact bytes asked for, or 416; never an error', async () => {
    const whole = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br' });
    const size = whole.body.length;
    const bound = fc.oneof(fc.integer({ min: 0, max: size + 50 }), fc.constantFrom('', '-1', 'x', '99999999999999999999'));
    const range = fc.oneof(
      fc.tuple(bound, bound).map(([a, b]) => `bytes=${a}-${b}`),
      fc.tuple(bound, bound, bound).map(([a, b, c]) => `bytes=${a}-${b},${c}-`),
      fc.constantFrom('bytes=', 'bytes=-', 'items=0-5', 'bytes=5-2', '', 'bytes=-0', `bytes=-${size + 1}`),
    );
    await fc.assert(
      fc.asyncProperty(range, async (header) => {
        const res = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'br', range: header });
        expect([200, 206, 416]).toContain(res.status);
        if (res.status === 200) expect(res.body.equals(whole.body)).toBe(true);
        if (res.status === 206) {
          const [, start, end] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(res.headers['content-range']))!.map(Number);
          expect(res.body.equals(whole.body.subarray(start, end + 1))).toBe(true);
        }
      }),
      { numRuns: 120, seed: 23 },
    );
  });

  it('sends pictures and small files as they are, public/ files for an hour', async () => {
    const picture = await get('/build/_assets/logo.webp', { 'accept-encoding': 'gzip, deflate, br' });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.equals(files['build/_assets/logo.webp'] as Buffer)).toBe(true);
    const small = await get('/build/entry-small.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('export {};');
    const sprite = await get('/plyr.svg', { 'accept-encoding': 'br' });
    expect(sprite.headers['content-encoding']).toBe('br');
    expect(sprite.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('leaves deflate and files the build did not compress to the per-request path', async () => {
    const deflate = await get('/build/_shared/chunk-ABC.js', { 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(zlib.inflateSync(deflate.body).toString()).toBe(script);
    const late = await get('/build/late.js', { 'accept-encoding': 'br' });
    expect(late.headers['content-encoding']).toBe('br');
    expect(late.headers.etag, 'express.static').toMatch(/^W\//);
    expect(zlib.brotliDecompressSync(late.body).toString()).toBe(script);
  });
});
