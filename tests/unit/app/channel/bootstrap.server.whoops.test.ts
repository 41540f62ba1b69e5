import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it, vi } from 'vitest';

/* A channel that is down when the process has no cached bootstrap data: the 'Whoops!' screen.
   Test files share a worker's modules (vitest.config.ts): bootstrap.server is imported afresh
   with this file's CHANNEL_API_URL, which is put back afterwards. */

const savedUrl = process.env.CHANNEL_API_URL;
afterAll(() => {
  if (savedUrl === undefined) delete process.env.CHANNEL_API_URL;
  else process.env.CHANNEL_API_URL = savedUrl;
  vi.resetModules();
});

it('loadBootstrapOrWhoops throws a 503 whoops Response when the channel is unreachable', async () => {
  // Take a free port, then close it, so nothing listens there.
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  process.env.CHANNEL_API_URL = `http://127.0.0.1:${port}`;
  vi.resetModules();
  const { loadBootstrapOrWhoops } = await import('~/channel/bootstrap.server');

  const thrown = await loadBootstrapOrWhoops().then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(503);
  expect(await (thrown as Response).json()).toEqual({ screen: 'whoops' });
});

it('a 5xx on the bootstrap call rejects with its status (the same path to the screen)', async () => {
  const server = http.createServer((_req, res) => {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'Server Error' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { createBootstrapCache } = await import('~/channel/bootstrap.server');
  const { createChannelCore } = await import('~/channel/request.server');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cache = createBootstrapCache(createChannelCore({ baseUrl: url, configUrl: url, log: { warn() {}, error() {} } }), 1000);
  await expect(cache.get()).rejects.toMatchObject({ status: 500 });
  await new Promise((r) => server.close(r));
});
