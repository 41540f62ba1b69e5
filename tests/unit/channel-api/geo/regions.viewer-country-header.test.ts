import express from 'express';
import { describe, expect, it } from 'vitest';
import { viewerCountryHeader } from '../../../../channel-api/geo/regions.ts';
import { VIEWER_COUNTRY_HEADER } from '../../../../contract/regions.ts';

/* The viewer's country our web server hands on is believed only from the addresses
   TRUST_WEB_SERVERS names (the channel API's `trust proxy`): loopback by default, a compose
   network's private addresses when the web servers run in other containers. */

function request(trust: string, peer: string, country: string) {
  const app = express();
  app.set('trust proxy', trust);
  const headers: Record<string, string> = { [VIEWER_COUNTRY_HEADER]: country };
  return { app, socket: { remoteAddress: peer }, get: (name: string) => headers[name.toLowerCase()] } as unknown as Parameters<typeof viewerCountryHeader>[0];
}

describe('viewerCountryHeader', () => {
  it('believes our web server on loopback by default, no one else', () => {
    expect(viewerCountryHeader(request('loopback', '127.0.0.1', 'CA'))).toBe('CA');
    expect(viewerCountryHeader(request('loopback', '::1', 'CA'))).toBe('CA');
    expect(viewerCountryHeader(request('loopback', '172.18.0.5', 'CA'))).toBeNull();
    expect(viewerCountryHeader(request('loopback', '203.0.113.9', 'CA'))).toBeNull();
  });

  it('believes web servers in other containers when TRUST_WEB_SERVERS names their network', () => {
    expect(viewerCountryHeader(request('uniquelocal', '172.18.0.5', 'CA'))).toBe('CA');
    expect(viewerCountryHeader(request('10.1.0.0/16, loopback', '10.1.2.3', 'GB'))).toBe('GB');
    expect(viewerCountryHeader(request('uniquelocal', '203.0.113.9', 'CA'))).toBeNull();
  });
});
