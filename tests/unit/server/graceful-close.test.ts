import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from '../../../server/graceful-close.ts';

/* A stop lets the requests in flight finish, refuses new connections meanwhile, closes a
   keep-alive connection as soon as its request is answered, and cuts what still runs at the
   deadline (server/graceful-close.ts, ADR 058). */

/** A server whose /slow answers after `release()`; every other path at once. */
async function slowServer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    if (req.url !== '/slow') return void res.end('quick');
    arrived();
    void released.then(() => res.end('slow but whole'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, release, inFlight };
}

/** A GET on its own keep-alive agent: the answer's status and body, or the error. */
function get(url: string, agent: http.Agent): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('closeGracefully', () => {
  it('lets a request in flight finish, refuses new ones, then closes', async () => {
    const { server, url, release, inFlight } = await slowServer();
    const agent = new http.Agent({ keepAlive: true });
    // An idle keep-alive connection, and a request in flight on another.
    expect(await get(`${url}/quick`, agent)).toMatchObject({ status: 200, body: 'quick' });
    const slow = get(`${url}/slow`, agent);
    await inFlight;

    let closed: string | null = null;
    const closing = closeGracefully(server, 10_000).then((outcome) => (closed = outcome));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBeNull();
    await expect(get(`${url}/quick`, new http.Agent())).rejects.toThrow(/ECONNREFUSED/);

    release();
    expect(await slow).toEqual({ status: 200, body: 'slow but whole' });
    // The keep-alive connection that answered it is closed at once, not after its idle timeout.
    await closing;
    expect(closed).toBe('graceful');
    agent.destroy();
  });

  it('cuts a request still running at the deadline', async () => {
    const { server, url, inFlight } = await slowServer();
    const slow = get(`${url}/slow`, new http.Agent());
    await inFlight;
    const started = Date.now();
    expect(await closeGracefully(server, 300)).toBe('cut');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
