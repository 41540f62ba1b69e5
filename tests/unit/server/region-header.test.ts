import type http from 'node:http';
import proxyAddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import { trustedCountryOf } from '../../../server/region-header.ts';

/* A proxy's country header counts only from a proxy TRUST_PROXY names (ADR 054). */

const request = (peer: string, headers: http.IncomingHttpHeaders) => ({ socket: { remoteAddress: peer }, headers }) as unknown as http.IncomingMessage;

describe('trustedCountryOf', () => {
  it('reads the header from a trusted proxy', () => {
    const trusts = proxyAddr.compile('loopback');
    expect(trustedCountryOf(request('127.0.0.1', { 'cf-ipcountry': 'CA' }), trusts, 'cf-ipcountry')).toBe('CA');
    expect(trustedCountryOf(request('::1', { 'cloudfront-viewer-country': 'gb' }), trusts, 'cloudfront-viewer-country')).toBe('GB');
  });

  it('ignores it from anyone else, and reads no other header', () => {
    const trusts = proxyAddr.compile('loopback');
    expect(trustedCountryOf(request('198.51.100.7', { 'cf-ipcountry': 'CA' }), trusts, 'cf-ipcountry')).toBeNull();
    expect(trustedCountryOf(request('127.0.0.1', { 'cf-ipcountry': 'CA' }), trusts, 'x-country')).toBeNull();
    expect(trustedCountryOf(request('127.0.0.1', {}), trusts, 'cf-ipcountry')).toBeNull();
  });

  it('without TRUST_PROXY, never', () => {
    const none = () => false;
    expect(trustedCountryOf(request('127.0.0.1', { 'cf-ipcountry': 'CA' }), none, 'cf-ipcountry')).toBeNull();
  });

  it('takes only a country code (Cloudflare’s XX and T1 are none)', () => {
    const all = () => true;
    for (const value of ['XX', 'T1', 'Canada', ''])
      expect(trustedCountryOf(request('10.0.0.1', { 'cf-ipcountry': value }), all, 'cf-ipcountry'), value).toBeNull();
  });
});
