import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressOnce, negotiateEncoding, PER_REQUEST } from '../../../server/encoding.ts';

/* One negotiation for every response (ADR 031): the pages kept compressed and the files compressed
   at build time must answer each Accept-Encoding exactly as the `compression` middleware answers
   the responses it compresses per request. */

const ACCEPT_ENCODINGS = [
  'gzip, deflate, br',
  'gzip, deflate, br, zstd',
  'br',
  'gzip',
  'deflate',
  'identity',
  'br;q=0, gzip',
  'br;q=0',
  'gzip;q=0.5, br;q=0.4',
  'gzip;q=1, br;q=1',
  '*',
  '*;q=0.1, gzip;q=0',
  'identity;q=0',
  'identity;q=0, br;q=0, gzip;q=0, deflate;q=0',
  'x-unknown',
  'GZIP, BR',
  '',
];

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression({ threshold: 0, level: PER_REQUEST.gzipLevel, brotli: PER_REQUEST.brotli }));
  app.get('/', (_req, res) => void res.type('text/html').send('<p>page</p>'.repeat(200)));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** What the compression middleware sends for this Accept-Encoding (no header: undefined). */
const middlewareChoice = (acceptEncoding: string | undefined) =>
  new Promise<string>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get({ port, host: '127.0.0.1', path: '/', headers }, (res) => {
        res.resume();
        resolve(String(res.headers['content-encoding'] ?? 'identity'));
      })
      .on('error', reject);
  });

describe('negotiateEncoding', () => {
  it.each([...ACCEPT_ENCODINGS, undefined])('chooses what the compression middleware chooses for %j', async (acceptEncoding) => {
    // The middleware sends identity when nothing is acceptable; null says so here.
    expect(negotiateEncoding(acceptEncoding) ?? 'identity').toBe(await middlewareChoice(acceptEncoding));
  });

  it('agrees with the compression middleware on hostile and malformed headers too', async () => {
    const token = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd', 'x-gzip', 'BR', '', ' ', ';', ',', 'q=', '\u00e9');
    const q = fc.oneof(fc.constant(''), fc.constantFrom(';q=0', ';q=1', ';q=0.5', ';q=0.001', ';q=1.5', ';q=-1', ';q=abc', ';q', ';Q=0.2'));
    const header = fc
      .array(
        fc.tuple(token, q).map(([t, w]) => t + w),
        { maxLength: 6 },
      )
      .map((parts) => parts.join(', '));
    await fc.assert(
      fc.asyncProperty(header, async (acceptEncoding) => {
        expect(negotiateEncoding(acceptEncoding) ?? 'identity').toBe(await middlewareChoice(acceptEncoding));
      }),
      { numRuns: 150, seed: 23 },
    );
  });

  it('prefers Brotli, honours q-values and a refusal', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.5, br;q=0.4')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('identity;q=0, br;q=0, gzip;q=0, deflate;q=0')).toBeNull();
  });
});

describe('compressOnce', () => {
  it('makes Brotli and gzip that give back the same bytes, smaller than per-request Brotli', async () => {
    const body = Buffer.from(Array.from({ length: 400 }, (_, i) => `<li class="card">Game ${i} — Lakeview @ Northside</li>`).join('\n'));
    const { br, gzip } = await compressOnce(body);
    expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
    expect(zlib.gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(zlib.brotliCompressSync(body, PER_REQUEST.brotli).length);
  });
});
