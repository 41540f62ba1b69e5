import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { forward } from '../../../server/forward.ts';

/* server/forward.ts between a client and an upstream that closes kept-alive connections the way
   a server does when its keep-alive timeout ends just as a request arrives: it reads the request
   and drops the connection without an answer. */

type Seen = { method: string; socket: number; nthOnSocket: number; body: string };

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function listen(server: http.Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An upstream that answers "ok <n>" and drops the connection instead when `drop` says so. */
async function upstream(drop: (seen: Seen) => boolean) {
  const seen: Seen[] = [];
  const sockets = new Map<Socket, { id: number; requests: number }>();
  const server = http.createServer((req, res) => {
    let entry = sockets.get(req.socket);
    if (!entry) sockets.set(req.socket, (entry = { id: sockets.size + 1, requests: 0 }));
    entry.requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = { method: req.method ?? '', socket: entry.id, nthOnSocket: entry.requests, body: Buffer.concat(chunks).toString() };
      seen.push(hit);
      if (drop(hit)) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'text/plain', 'x-secret': 'upstream only' }).end(`ok ${seen.length}`);
    });
  });
  closers.push(async () => server.closeAllConnections());
  return { url: await listen(server), seen };
}

async function front(target: string): Promise<string> {
  const app = express();
  app.all('/x', (req, res) =>
    forward(req, res, new URL(`${target}/x`), {
      passRequest: ['content-type', 'content-length'],
      passResponse: ['content-type'],
      unavailable: (r, error) =>
        void r
          .status(502)
          .type('text')
          .send(`unavailable: ${(error as NodeJS.ErrnoException).code}`),
    }),
  );
  const server = http.createServer(app);
  closers.push(async () => server.closeAllConnections());
  return listen(server);
}

describe('forward', () => {
  it('sends a GET once more on a fresh connection when the kept-alive one is closed under it', async () => {
    const up = await upstream((hit) => hit.nthOnSocket === 2);
    const web = await front(up.url);
    const first = await fetch(`${web}/x`);
    expect([first.status, await first.text()]).toEqual([200, 'ok 1']);
    const second = await fetch(`${web}/x`);
    expect([second.status, await second.text()]).toEqual([200, 'ok 3']);
    expect(second.headers.get('x-secret')).toBeNull();
    expect(up.seen.map((s) => [s.socket, s.nthOnSocket])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
  });

  it('tries a GET only once more: an upstream that keeps dropping gets the unavailable answer', async () => {
    const up = await upstream((hit) => hit.socket > 1 || hit.nthOnSocket > 1);
    const web = await front(up.url);
    expect((await fetch(`${web}/x`)).status).toBe(200);
    const res = await fetch(`${web}/x`);
    expect([res.status, await res.text()]).toEqual([502, 'unavailable: ECONNRESET']);
    expect(up.seen).toHaveLength(3);
  });

  it('does not resend a GET whose fresh connection was dropped (the upstream is down, not idle)', async () => {
    const up = await upstream(() => true);
    const web = await front(up.url);
    expect((await fetch(`${web}/x`)).status).toBe(502);
    expect(up.seen).toHaveLength(1);
  });

  it('sends each POST on a fresh connection, with its body, and never twice', async () => {
    const up = await upstream(() => false);
    const web = await front(up.url);
    for (const body of ['a=1', 'a=2']) {
      const res = await fetch(`${web}/x`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      expect(res.status).toBe(200);
    }
    expect(up.seen.map((s) => [s.method, s.socket, s.body])).toEqual([
      ['POST', 1, 'a=1'],
      ['POST', 2, 'a=2'],
    ]);
  });
});
