import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEnd, steadyLoad } from '../../../bench/steady-load.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('answerEnd: where an HTTP/1.1 answer ends', () => {
  const withLength = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"data":[]}';

  it('reads a body by its Content-Length, and waits for all of it', () => {
    expect(answerEnd(bytes(withLength))).toEqual({ status: 200, end: withLength.length, close: false });
    expect(answerEnd(bytes(withLength.slice(0, -1)))).toBeNull();
    expect(answerEnd(bytes(withLength.slice(0, 20)))).toBeNull();
  });

  it('stops at its own end when the next answer follows in the same bytes', () => {
    expect(answerEnd(bytes(withLength + withLength))?.end).toBe(withLength.length);
  });

  it('reads chunked bodies to the last chunk, with or without trailers', () => {
    const chunked = 'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nb\r\n, the world\r\n0\r\n\r\n';
    expect(answerEnd(bytes(chunked))).toEqual({ status: 404, end: chunked.length, close: false });
    for (const cut of [chunked.length - 1, chunked.length - 4, chunked.indexOf('b\r\n') + 4]) expect(answerEnd(bytes(chunked.slice(0, cut)))).toBeNull();
    const trailers = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nX-Sum: 1\r\n\r\n';
    expect(answerEnd(bytes(trailers))?.end).toBe(trailers.length);
  });

  it('ends a bodiless answer at its head, and tells a closing connection', () => {
    const notModified = 'HTTP/1.1 304 Not Modified\r\nETag: "1"\r\nConnection: close\r\n\r\n';
    expect(answerEnd(bytes(notModified))).toEqual({ status: 304, end: notModified.length, close: true });
  });

  it('refuses what it cannot measure rather than miscount it', () => {
    expect(() => answerEnd(bytes('HTTP/1.1 200 OK\r\n\r\nto the close'))).toThrow(/without a length/);
    expect(() => answerEnd(bytes('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(/Not an HTTP/);
  });
});

describe('steadyLoad against a real server', () => {
  let server: http.Server;
  let base: string;
  const seen: { path: string; accept: string | undefined }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ path: req.url ?? '', accept: req.headers['accept-encoding'] });
      if (req.url === '/missing') return void res.writeHead(404).end('no');
      if (req.url === '/chunked') {
        res.write('part one, ');
        return void setTimeout(() => res.end('part two'), 5);
      }
      if (req.url === '/closing') return void res.writeHead(200, { connection: 'close' }).end('bye');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: 'x'.repeat(100_000) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends rate × seconds requests with their headers and reads every answer, large and chunked ones too', async () => {
    for (const path of ['/big?q=1', '/chunked']) {
      seen.length = 0;
      const result = await steadyLoad(`${base}${path}`, { rate: 200, seconds: 0.5, headers: { 'accept-encoding': 'br' } });
      expect(result).toMatchObject({ requests: 100, errors: 0, non2xx: 0 });
      expect(seen).toHaveLength(100);
      expect(seen.every((s) => s.path === path && s.accept === 'br')).toBe(true);
      expect(result.p50).toBeGreaterThan(0);
      expect(result.max).toBeGreaterThanOrEqual(result.p99);
    }
  });

  it('counts answers that are not 2xx, and keeps going when the server closes each connection', async () => {
    expect(await steadyLoad(`${base}/missing`, { rate: 200, seconds: 0.25 })).toMatchObject({ requests: 50, errors: 0, non2xx: 50 });
    expect(await steadyLoad(`${base}/closing`, { rate: 200, seconds: 0.25 })).toMatchObject({ requests: 50, errors: 0, non2xx: 0 });
  });

  it('counts a request no server answers as an error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await steadyLoad(`http://127.0.0.1:${port}/`, { rate: 100, seconds: 0.1 })).toMatchObject({ requests: 10, errors: 10 });
  });
});
