import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

/* Content encodings, chosen one way for every response (ADR 031). Three kinds of response:
   - fingerprinted build files and public/ files: compressed once at build time
     (scripts/precompress.ts) and served from memory (server/static-files.ts);
   - anonymous pages in the microcache: compressed once when stored (server/microcache.ts);
   - everything else (a fan's private pages, data requests, a page rendered for one visitor):
     compressed per request by the `compression` middleware at PER_REQUEST's levels.
   All three choose the encoding with the same negotiation as the `compression` middleware, so a
   visitor's Accept-Encoding gets the same answer whichever path serves them. */

/** What the `compression` middleware (1.8) offers and prefers on a tie: kept identical here. */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];

export type Encoding = 'br' | 'gzip' | 'deflate' | 'identity';

/** Accept-Encoding headers already worked out, and what they chose. */
const chosen = new Map<string, Encoding | null>();

/** The encoding to send for this Accept-Encoding (q-values honoured, `br;q=0` refused, `*`
 *  understood): identity without the header, null when nothing offered is acceptable. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptEncoding === undefined) return 'identity';
  const known = chosen.get(acceptEncoding);
  if (known !== undefined) return known;
  // negotiator 0.6.4 takes the preferred order on a tie as a second argument (its types predate it).
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as Negotiator & {
    encoding(available: readonly string[], preferred: readonly string[]): string | undefined;
  };
  const encoding = (negotiator.encoding(SUPPORTED, PREFERRED) as Encoding | undefined) ?? null;
  // Browsers send a handful of distinct headers: each is worked out once (a few hundred kept).
  if (chosen.size >= 256) chosen.clear();
  chosen.set(acceptEncoding, encoding);
  return encoding;
}

/** Bodies smaller than this are sent as they are: compressing them saves less than a packet. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Per-request levels, measured on the home page (70 KB) on these machines: Brotli 5 makes
 *  10.7 KB in about 1.1 ms of CPU (Brotli 4: 11.8 KB in the same time; 6: 10.7 KB, +20 %), gzip 6
 *  11.9 KB in 0.9 ms (9: no smaller). A 256 KB window covers any page and costs less to set up
 *  per request than Brotli's default 4 MB. */
export const PER_REQUEST = {
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  gzipLevel: 6,
};

export interface Encoded {
  br: Buffer;
  gzip: Buffer;
}

/** The copy compressed once that a visitor who takes `encoding` gets, or null: they take it as it
 *  is (identity), or only deflate (compressed per request), or nothing acceptable. */
export function encodedFor<T>(encoded: { br: T; gzip: T } | null, encoding: Encoding | null): T | null {
  return encoded && (encoding === 'br' || encoding === 'gzip') ? encoded[encoding] : null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli 11 and gzip 9: the smallest these formats make, for a body compressed once and sent many
 *  times. Runs in libuv's thread pool, off the event loop. */
export async function compressOnce(body: Buffer, mode: 'text' | 'generic' = 'text'): Promise<Encoded> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: mode === 'text' ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}
