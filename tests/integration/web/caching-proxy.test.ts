import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../../../scripts/cluster/nginx-config.ts';
import { forThisFile } from '../support/fixture.ts';

/* The cluster's proxy (scripts/cluster/nginx-config.ts) as nginx runs it, in front of two small
 * servers that say who answered and what they were sent: round robin, a POST never replayed, the
 * region header set from the IP database whatever the client said, the cache and its bypass.
 * Debian's nginx and its geoip2 module: scripts/test.sh installs them. */

const NGINX = '/usr/sbin/nginx';
const GEOIP2 = '/usr/lib/nginx/modules/ngx_http_geoip2_module.so';
const MMDB = path.resolve('node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
/** An address the IP database puts in Great Britain. */
const GB_ADDRESS = '81.2.69.160';

interface Seen {
  server: string;
  method: string;
  url: string;
  country: string | undefined;
}
const seen: Seen[] = [];

function upstream(name: string): http.Server {
  return http.createServer((req, res) => {
    seen.push({ server: name, method: req.method!, url: req.url!, country: req.headers['cf-ipcountry'] as string | undefined });
    // This server is gone mid-request (a killed web server): nginx sees the connection reset.
    if (req.url === '/gone' || (req.url === '/gone-on-a' && name === 'a')) return void req.socket.destroy();
    res.setHeader('X-Served-By', name);
    if (req.url === '/private') {
      // A page for one visitor (a form with its CSRF cookie, a region decided from the address).
      res.setHeader('Cache-Control', 'private, no-store');
      return void setTimeout(() => res.end(`${name} ${req.url}`), 100);
    }
    if (req.url?.startsWith('/build/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else if (req.url === '/sets-cookie') {
      res.setHeader('Cache-Control', 'public, s-maxage=60');
      res.setHeader('Set-Cookie', 'x=1');
    } else res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60');
    res.end(`${name} ${req.url}`);
  });
}

/** nginx with the cluster's configuration in front of two upstreams, in a directory of its own. */
async function startProxy(): Promise<{ base: string; close(): Promise<void> }> {
  const servers = [upstream('a'), upstream('b')];
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-proxy-'));
  // nginx's workers run as nobody under root: they must reach the cache directory.
  fs.chmodSync(prefix, 0o755);
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    nginxConfig({
      listen: `127.0.0.1:${port}`,
      webServers: servers.map((server) => `127.0.0.1:${(server.address() as AddressInfo).port}`),
      prefix,
      logs: prefix,
      regionHeader: 'CF-IPCountry',
      geoip: { module: GEOIP2, database: MMDB },
      trustForwardedFrom: ['127.0.0.1'],
      workerProcesses: 1,
    }),
  );
  const nginx: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'nginx-error.log'), '-g', 'daemon off;'], { stdio: 'inherit' });
  const close = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${base}/ready`).then(
      () => true,
      () => false,
    ))
  ) {
    if (nginx.exitCode !== null || Date.now() > deadline) {
      const log = fs.readFileSync(path.join(prefix, 'nginx-error.log'), 'utf8');
      await close();
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, close };
}

const proxy = forThisFile(startProxy);
const get = (url: string, headers: Record<string, string> = {}) => fetch(`${proxy.base}${url}`, { headers });

describe('the caching proxy', () => {
  it('sends consecutive requests to different servers', async () => {
    const names = [];
    for (const n of [1, 2, 3, 4]) names.push((await get(`/round-robin?${n}`)).headers.get('x-served-by'));
    expect(names[0]).not.toBe(names[1]);
    expect(names[1]).not.toBe(names[2]);
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
  });

  it('sets the region header from the visitor address, never passing on the one a client sent', async () => {
    await get('/region-1', { 'CF-IPCountry': 'ZZ', 'X-Forwarded-For': GB_ADDRESS });
    await get('/region-2', { 'CF-IPCountry': 'ZZ' });
    expect(seen.find((s) => s.url === '/region-1')?.country).toBe('GB');
    // Loopback has no country: the header goes empty, so none is sent, and the client's ZZ with it.
    expect(seen.find((s) => s.url === '/region-2')).toMatchObject({ country: undefined });
  });

  it('keeps a shared page from its second request, and bypasses the cache for the session cookie', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get('/page')).headers.get('x-cache-status'));
    expect(statuses).toEqual(['MISS', 'MISS', 'HIT']);
    const asFan = await get('/page', { Cookie: '__session=abc' });
    expect(asFan.headers.get('x-cache-status')).toBe('BYPASS');
    expect(seen.filter((s) => s.url === '/page')).toHaveLength(3);
  });

  it('answers many visitors of a page it may not keep at once, not one after another', async () => {
    for (let i = 0; i < 2; i++) await get('/private');
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/private')));
    expect(answers.map((res) => res.headers.get('x-cache-status'))).toEqual(Array(6).fill('MISS'));
    // Six 100 ms answers on two servers: well under a second together. A cache lock would make
    // each wait for the one before it (nginx looks again every 500 ms): three seconds.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('never stores a response that sets a cookie', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/sets-cookie')).headers.get('x-cache-status')).toBe('MISS');
  });

  it('keeps /build/* from the first request', async () => {
    expect((await get('/build/app-1234.js')).headers.get('x-cache-status')).toBe('MISS');
    expect((await get('/build/app-1234.js')).headers.get('x-cache-status')).toBe('HIT');
  });

  it('passes a GET to the other server when one is gone, but never sends a POST a second time (last: a failed server rests 5 s)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/gone-on-a');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-served-by')).toBe('b');
    }

    const post = await fetch(`${proxy.base}/gone`, { method: 'POST', body: 'order=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(post.status).toBe(502);
    expect(seen.filter((s) => s.method === 'POST' && s.url === '/gone')).toHaveLength(1);
  });
});
