import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../../server/csp.ts';
import { untrustedForwardingGuard } from '../../../server/guards.ts';

/* Strict-Transport-Security only on a response that went out over HTTPS (issue 21): the site on
   plain http (npm start, a LAN address) must not tell a browser to refuse http for its host. */

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

async function web(trustProxy: boolean): Promise<string> {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.use(untrustedForwardingGuard, securityHeaders());
  app.get('/', (_req, res) => void res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const hsts = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).headers.get('strict-transport-security');

describe('Strict-Transport-Security', () => {
  it('is not sent over plain http', async () => {
    const url = await web(false);
    expect(await hsts(url)).toBeNull();
    // Nobody trusted said https.
    expect(await hsts(url, { 'X-Forwarded-Proto': 'https' })).toBeNull();
  });

  it('is sent when a trusted proxy says the request came over https, and only then', async () => {
    const url = await web(true);
    expect(await hsts(url, { 'X-Forwarded-Proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(url, { 'X-Forwarded-Proto': 'http' })).toBeNull();
    expect(await hsts(url)).toBeNull();
  });

  it('leaves the other security headers on plain http', async () => {
    const res = await fetch(await web(false));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});
