import net from 'node:net';

/* Requests at a steady rate, as many independent fans send them: request i is due at
 * start + i/rate and leaves then whatever the earlier ones are doing (an open loop), on its own
 * keep-alive connection when the others are busy, so a slow answer never holds a later request
 * back. Its latency counts from when it left; how late the generator itself sent it (its own
 * timers and garbage collection, on the same cores as the server) is reported apart, as `lateP99`.
 * autocannon's `overallRate` is not this: each connection sends back to back until it has made
 * its share of the second, then waits for the next one, so "500/s on 20 connections" is a burst of
 * 20 at a time for the first part of every second and nothing after (ADR 062).
 *
 * It speaks HTTP/1.1 on plain sockets: the request's bytes are made once, and an answer is read
 * only as far as its status, its length and its end (answerEnd). Node's http client cost the
 * generator 0.6–0.7 ms of CPU per request at 500/s, more than half what the channel API spends
 * answering it, on the same two cores; this costs 0.25–0.35 ms (measured side by side,
 * 2026-11-30), so the figures say more about the server and less about the generator. */

export interface SteadyLoad {
  rate: number;
  /** Answers per second over the run. */
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** How late the generator sent its requests, p99 in ms (0: each when it was due). */
  lateP99: number;
  /** Requests that got no answer (a refused or dropped connection, a timeout). */
  errors: number;
  non2xx: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

/** An answer at the start of `bytes`: its status, where it ends (the index after its last byte),
 *  and whether the server closes the connection after it; null while it has not all arrived.
 *  Bodies with a Content-Length or chunked; a bodiless status (1xx, 204, 304) ends at its head. */
export function answerEnd(bytes: Buffer): { status: number; end: number; close: boolean } | null {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = bytes.toString('latin1', 0, headEnd);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`Not an HTTP/1.1 answer: ${head.slice(0, 40)}`);
  const close = /\r\nconnection:[ \t]*close/i.test(head);
  const bodyStart = headEnd + HEAD_END.length;
  if (status < 200 || status === 204 || status === 304) return { status, end: bodyStart, close };
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return bytes.length >= end ? { status, end, close } : null;
  }
  if (!/\r\ntransfer-encoding:[ \t]*chunked/i.test(head)) throw new Error('An answer without a length: the generator needs Content-Length or chunked');
  for (let at = bodyStart; ;) {
    const lineEnd = bytes.indexOf(LINE_END, at);
    if (lineEnd < 0) return null;
    const size = parseInt(bytes.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('A chunk without a size');
    if (size === 0) {
      // The last chunk, then trailers (usually none) and an empty line.
      const trailersEnd = bytes.indexOf(LINE_END, lineEnd + LINE_END.length);
      if (trailersEnd < 0) return null;
      if (trailersEnd === lineEnd + LINE_END.length) return { status, end: trailersEnd + LINE_END.length, close };
      const end = bytes.indexOf(HEAD_END, lineEnd);
      return end < 0 ? null : { status, end: end + HEAD_END.length, close };
    }
    at = lineEnd + LINE_END.length + size + LINE_END.length;
    if (bytes.length < at) return null;
  }
}

/** GET `url` at `rate` requests/s for `seconds`; every answer read to its end. */
export async function steadyLoad(
  url: string,
  { rate, seconds, headers = {} }: { rate: number; seconds: number; headers?: Record<string, string> },
): Promise<SteadyLoad> {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
    'latin1',
  );
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const late: number[] = [];
  let errors = 0;
  let non2xx = 0;

  /** Connections waiting for a request, and what each open one is waiting for. */
  const idle: net.Socket[] = [];
  const awaiting = new Map<net.Socket, { sent: number; done: () => void }>();
  const open = new Set<net.Socket>();

  const connect = (): net.Socket => {
    const socket = net.connect(Number(target.port || 80), target.hostname);
    socket.setNoDelay(true);
    socket.setTimeout(10_000, () => socket.destroy());
    open.add(socket);
    let pending: Buffer | null = null;
    socket.on('data', (data: Buffer) => {
      const bytes = pending ? Buffer.concat([pending, data]) : data;
      const answer = answerEnd(bytes);
      if (!answer) return void (pending = bytes);
      pending = bytes.length > answer.end ? bytes.subarray(answer.end) : null;
      const waiting = awaiting.get(socket);
      awaiting.delete(socket);
      if (waiting) {
        latencies.push(performance.now() - waiting.sent);
        if (answer.status < 200 || answer.status >= 300) non2xx++;
        waiting.done();
      }
      if (answer.close) socket.destroy();
      else idle.push(socket);
    });
    const gone = () => {
      open.delete(socket);
      const at = idle.indexOf(socket);
      if (at >= 0) idle.splice(at, 1);
      const waiting = awaiting.get(socket);
      awaiting.delete(socket);
      if (waiting) {
        errors++;
        waiting.done();
      }
    };
    socket.on('error', gone);
    socket.on('close', gone);
    return socket;
  };

  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      late.push(sent - due);
      const socket = idle.pop() ?? connect();
      awaiting.set(socket, { sent, done: resolve });
      socket.write(request);
    });

  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total;) {
    const now = performance.now();
    // Every request that is due leaves now (the timer's granularity makes some leave late).
    for (; i < total && start + (i * 1000) / rate <= now; i++) sent.push(one(start + (i * 1000) / rate));
    if (i < total) await new Promise((r) => setTimeout(r, Math.max(0, start + (i * 1000) / rate - performance.now())));
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  for (const socket of open) socket.destroy();
  const at = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : 0;
  };
  return {
    rate,
    rps: Math.round(latencies.length / elapsed),
    requests: total,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    max: at(latencies, 1),
    lateP99: at(late, 0.99),
    errors,
    non2xx,
  };
}
