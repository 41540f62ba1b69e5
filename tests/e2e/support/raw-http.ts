/* HTTP to the web server with the request target exactly as written: browsers, fetch and
   Playwright's request API all resolve `..` and some escapes before sending, which is the very
   thing traversal tests must not have done for them. */
import http from 'node:http';
import { WEB_URL } from './urls.ts';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came, still encoded (compression.spec.ts decodes it). */
  bytes: Buffer;
}

export function rawRequest(method: string, target: string, opts: { headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(WEB_URL);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: target, headers: opts.headers, setHost: !opts.headers?.Host }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('latin1'), bytes });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
