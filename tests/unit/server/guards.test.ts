import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { throwIfPotentialCSRFAttack } from '@remix-run/server-runtime/dist/actions.js';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { clientIpOf, postGuard, requestUrl, routedPath, untrustedForwardingGuard, urlGuard, type TrustProxy } from '../../../server/guards.ts';

/* The URL Remix will build for a request, and the path it will route: what server.ts decides
   framing and the strict rate tier on. */

const req = (url: string, headers: Record<string, string> = { host: 'fieldhouse.test' }) =>
  ({ url, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), socket: {} }) as Parameters<typeof requestUrl>[0];

describe('requestUrl', () => {
  it('builds the URL Remix builds', () => {
    expect(requestUrl(req('/watch/45?x=1', { host: 'fieldhouse.test:3000' }))?.href).toBe('http://fieldhouse.test:3000/watch/45?x=1');
  });

  it('is null where Remix would throw: a Host that is no host, an absolute or * target', () => {
    expect(requestUrl(req('/', { host: 'a b' }))).toBeNull();
    expect(requestUrl(req('/', {})), 'no Host').toBeNull();
    expect(requestUrl(req('/', { host: 'fieldhouse.test:99999' }))).toBeNull();
    expect(requestUrl(req('http://evil.example/'))).toBeNull();
    expect(requestUrl(req('*'))).toBeNull();
  });
});

describe('routedPath', () => {
  it.each([
    ['/watch_embed/45', '/watch_embed/45'],
    ['/watch_embed/../login', '/login'],
    ['/watch_embed/%2e%2e/login', '/login'],
    ['/watch_embed/45/../../profile', '/profile'],
    ['/watch%5Fembed/45', '/watch_embed/45'],
    ['/a%2Fb', '/a%2Fb'],
    ['/%ZZ', '/%ZZ'],
    ['/login?x=/../watch_embed/1', '/login'],
  ])('%s routes as %s', (raw, routed) => {
    expect(routedPath(req(raw))).toBe(routed);
  });
});

/* X-Forwarded-Host counts only from a proxy TRUST_PROXY names (issue 21): the guards in front
   of an app that answers as Remix would, with Remix's own origin check (a throw there is a 500). */
describe('forwarded host and the origin check', () => {
  const servers: http.Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  async function web(trustProxy: boolean | string): Promise<string> {
    const app = express();
    app.set('trust proxy', trustProxy);
    app.use(untrustedForwardingGuard, urlGuard, postGuard);
    app.use((req, res) => {
      // The headers Remix gets (server/remix-handler.ts copies them as they are now).
      const headers = new Headers(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
      try {
        throwIfPotentialCSRFAttack(headers);
      } catch {
        return void res.status(500).send('Remix threw');
      }
      res.send(`${requestUrl(req)?.host} ${headers.get('x-forwarded-host') ?? '-'}`);
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const send = (host: string, method: string, headers: Record<string, string>, path = '/login') =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const [hostname, port] = host.split(':');
      const body = method === 'POST' ? 'a=b' : undefined;
      const req = http.request(
        { hostname, port, method, path, headers: { Host: host, ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('without TRUST_PROXY: a post whose Origin and X-Forwarded-Host both name another site is refused', async () => {
    for (const trust of [false, '10.0.0.0/8']) {
      const host = await web(trust);
      const hostile = await send(host, 'POST', { Origin: 'http://evil.example', 'X-Forwarded-Host': 'evil.example' });
      expect(hostile.status, String(trust)).toBe(403);
      expect(hostile.body).toBe('Cross-site form posts are refused.');
      const listed = await send(host, 'POST', {
        Origin: 'https://evil.example',
        'X-Forwarded-Host': 'evil.example, proxy.internal',
        'X-Forwarded-Proto': 'https',
      });
      expect(listed.status, String(trust)).toBe(403);
    }
  });

  it("lets a mail provider's one-click unsubscribe post (RFC 8058) through from anywhere, to that address only, without its Origin", async () => {
    const host = await web(false);
    const token = 'eyJ1IjoxfQ.c2lnbmF0dXJl';
    const asked: Record<string, string>[] = [{}, { Origin: 'https://mail.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of asked) {
      expect(await send(host, 'POST', headers, `/alerts/unsubscribe/${token}`), JSON.stringify(headers)).toEqual({ status: 200, body: `${host} -` });
    }
    for (const path of [
      `/alerts/unsubscribe/${token}/x`,
      '/alerts/unsubscribe/no-token',
      `/alerts/unsubscribe/${token}/../../../login`,
      '/alerts',
      `/my-games?/alerts/unsubscribe/${token}`,
    ]) {
      expect((await send(host, 'POST', { Origin: 'https://mail.example' }, path)).status, path).toBe(403);
    }
  });

  it('without TRUST_PROXY: our own post passes, and Remix never sees the header that nobody trusted', async () => {
    const host = await web(false);
    expect(await send(host, 'POST', { Origin: `http://${host}` })).toEqual({ status: 200, body: `${host} -` });
    expect(await send(host, 'POST', { Origin: `http://${host}`, 'X-Forwarded-Host': 'evil.example' })).toEqual({ status: 200, body: `${host} -` });
    // Nor does it decide the URL (a port out of range used to make it a 400).
    expect(await send(host, 'GET', { 'X-Forwarded-Host': 'evil.example:99999' })).toEqual({ status: 200, body: `${host} -` });
  });

  it('behind a trusted proxy: the first X-Forwarded-Host is the origin, and another site is still refused', async () => {
    for (const trust of [true, 'loopback']) {
      const host = await web(trust);
      const proxied = await send(host, 'POST', { Origin: 'https://tv.example', 'X-Forwarded-Host': 'tv.example, proxy.internal' });
      expect(proxied.status, String(trust)).toBe(200);
      expect(proxied.body).toMatch(/^tv\.example(:\d+)? tv\.example, proxy\.internal$/);
      expect((await send(host, 'POST', { Origin: `http://${host}`, 'X-Forwarded-Host': 'evil.example' })).status, String(trust)).toBe(403);
      expect((await send(host, 'POST', { Origin: 'http://evil.example', 'X-Forwarded-Host': 'tv.example' })).status, String(trust)).toBe(403);
    }
  });

  it("requestUrl and clientIpOf say what Express's req.protocol, req.hostname and req.ip say, trusted or not (the microcache reads them before Express)", async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'X-Forwarded-Host': 'tv.example' },
      { 'X-Forwarded-Host': 'tv.example:8443, proxy.internal', 'X-Forwarded-Proto': 'https, http' },
      { 'X-Forwarded-Host': '[2001:db8::1]:8080', 'X-Forwarded-Proto': 'https' },
      { 'X-Forwarded-Proto': 'https' },
      { 'X-Forwarded-For': '203.0.113.7' },
      { 'X-Forwarded-For': '198.51.100.2, 10.1.2.3', 'X-Forwarded-Host': 'tv.example' },
      { 'X-Forwarded-For': '::ffff:203.0.113.9' },
      { 'X-Forwarded-For': 'not an address, 10.0.0.1' },
    ];
    for (const trust of [false, true, 'loopback', '10.0.0.0/8', 'loopback, 10.0.0.0/8']) {
      const app = express();
      app.set('trust proxy', trust);
      app.use(untrustedForwardingGuard, (req, res) => {
        const url = requestUrl(req);
        res.json({
          express: [req.protocol, req.hostname, (req.ip ?? '').replace(/^::ffff:/, '')],
          ours: [url?.protocol.slice(0, -1), url?.hostname, clientIpOf(req, app.get('trust proxy fn') as TrustProxy)],
        });
      });
      const server = app.listen(0, '127.0.0.1');
      servers.push(server);
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const headers of asked) {
        const { body } = await send(host, 'GET', headers);
        const { express: theirs, ours } = JSON.parse(body) as { express: string[]; ours: string[] };
        expect(ours, `${String(trust)} ${JSON.stringify(headers)}`).toEqual(theirs);
      }
    }
  });
});
