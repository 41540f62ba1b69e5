import { describe, expect, it } from 'vitest';
import { requestUrl, routedPath } from '../../../server/guards.ts';

/* The URL Remix will build for a request, and the path it will route: what server.ts decides
   framing and the strict rate tier on. */

const req = (originalUrl: string, headers: Record<string, string> = { host: 'fieldhouse.test' }) => {
  const h = new Headers(headers);
  const host = h.get('host') ?? '';
  return {
    protocol: 'http',
    hostname: host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0],
    originalUrl,
    get: (name: string) => h.get(name) ?? undefined,
  } as Parameters<typeof requestUrl>[0];
};

describe('requestUrl', () => {
  it('builds the URL Remix builds', () => {
    expect(requestUrl(req('/watch/45?x=1', { host: 'fieldhouse.test:3000' }))?.href).toBe('http://fieldhouse.test:3000/watch/45?x=1');
  });

  it('is null where Remix would throw: a Host that is no host, an absolute or * target', () => {
    expect(requestUrl(req('/', { host: 'a b' }))).toBeNull();
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
