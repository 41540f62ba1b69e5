/* A local stand-in for Sentry's ingest (README "Error monitoring"): an HTTP server that accepts
   envelopes (POST /api/<project>/envelope/) at the DSN `http://key@127.0.0.1:<port>/1` and records
   each one as it arrived, so a test reads exactly what the SDK would have sent. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface Envelope {
  /** The envelope as it arrived (decompressed): what a test searches for secrets. */
  raw: string;
  /** Its error events (items of type 'event'). */
  events: {
    exception?: { values?: { type?: string; value?: string }[] };
    request?: { url?: string; headers?: Record<string, string> };
    [k: string]: unknown;
  }[];
}

export interface SentryReceiver {
  dsn: string;
  envelopes: Envelope[];
  /** The error events received so far whose exception value contains `text`. */
  eventsWith(text: string): Envelope['events'];
  close(): Promise<void>;
}

function parse(raw: string): Envelope {
  const lines = raw.split('\n');
  const events: Envelope['events'] = [];
  // Line 0 is the envelope's header; then an item header and its payload, in turn.
  for (let i = 1; i + 1 < lines.length; i += 2) {
    let header: { type?: string };
    try {
      header = JSON.parse(lines[i]) as { type?: string };
    } catch {
      break;
    }
    if (header.type === 'event') events.push(JSON.parse(lines[i + 1]) as Envelope['events'][number]);
  }
  return { raw, events };
}

export async function startSentryReceiver(): Promise<SentryReceiver> {
  const envelopes: Envelope[] = [];
  const server = http.createServer((req, res) => {
    // The browser SDK posts from the site's origin.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'POST') return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
      if (req.url?.includes('/envelope')) envelopes.push(parse(body.toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    eventsWith: (text) => envelopes.flatMap((e) => e.events).filter((ev) => (ev.exception?.values ?? []).some((v) => v.value?.includes(text))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
