import http from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';

/* Streams one request to the channel API and its answer back, for the web origin's proxies
   (server/media-proxy.ts, server/payment-proxy.ts). Only the named headers pass either way.

   Connections are kept alive between requests. The channel API closes an idle one after its
   keep-alive timeout, and a request sent on it at that moment fails with "socket hang up"
   (ECONNRESET) or EPIPE without any answer. A GET or HEAD that fails so on a reused connection is
   sent once more on a fresh one (as Node's http docs advise and as the channel client does); a
   POST, whose body cannot be sent twice, always goes on a fresh connection. */

const pooled = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
const fresh = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

/** Errors of a request that the upstream closed under us before answering. */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'EPIPE']);

export type ForwardOptions = {
  /** Request headers passed on (lower case), besides `extraHeaders`. */
  passRequest: readonly string[];
  /** Response headers passed back (lower case); nothing else of the upstream's reaches the client. */
  passResponse: readonly string[];
  extraHeaders?: http.OutgoingHttpHeaders;
  /** Answers the client when the upstream cannot be reached (nothing has been sent yet). */
  unavailable: (res: Response, error: Error) => void;
  /** Sees the upstream's answer as it starts flowing to the client, with the headers passed on
   *  (the media proxy's segment count and its pictures kept). */
  onResponse?: (up: http.IncomingMessage, passed: http.OutgoingHttpHeaders) => void;
};

export function forward(req: Request, res: Response, target: URL, opts: ForwardOptions): void {
  const headers: http.OutgoingHttpHeaders = { ...opts.extraHeaders };
  for (const name of opts.passRequest) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
  const secure = target.protocol === 'https:';
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const agent = (hasBody ? fresh : pooled)[secure ? 'https' : 'http'];

  const send = (retried: boolean) => {
    const upstream = (secure ? https : http).request(target, { method: req.method, headers, agent }, (up) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const name of opts.passResponse) if (up.headers[name] !== undefined) out[name] = up.headers[name];
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
      opts.onResponse?.(up, out);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy();
      if (res.destroyed) return;
      if (!hasBody && !retried && upstream.reusedSocket && CLOSED_UNDER_US.has(error.code ?? '')) return send(true);
      opts.unavailable(res, error);
    });
    // A client who leaves (or seeks, for video) drops the request: stop reading upstream too.
    const stop = () => {
      if (!res.writableFinished) upstream.destroy();
    };
    res.on('close', stop);
    upstream.on('close', () => res.off('close', stop));
    if (hasBody) req.pipe(upstream);
    else upstream.end();
  };
  send(false);
}
