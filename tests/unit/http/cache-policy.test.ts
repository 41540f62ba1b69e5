import { describe, expect, it } from 'vitest';
import { cacheControl, hasSessionCookie, PRIVATE, type ResponseFacts } from '~/http/cache-policy';

const anonymousPage: ResponseFacts = { method: 'GET', status: 200, hasSession: false, setsCookie: false, perViewer: false, own: null };
const policy = (change: Partial<ResponseFacts>) => cacheControl({ ...anonymousPage, ...change }, 10);

describe('who may keep a copy of a response', () => {
  it('shares an anonymous page for the content TTL; browsers revalidate', () => {
    expect(policy({})).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    expect(policy({ status: 404, method: 'HEAD' })).toMatch(/^public/);
  });

  it('never stores a signed-in page, one that sets a cookie, one about the viewer, a post or a redirect', () => {
    for (const change of [{ hasSession: true }, { setsCookie: true }, { perViewer: true }, { method: 'POST' }, { status: 302 }, { status: 503 }])
      expect(policy(change), JSON.stringify(change)).toBe(PRIVATE);
  });

  it("keeps a route's own no-store, and never lets a route make a private page public", () => {
    expect(policy({ own: 'no-store' })).toBe('no-store');
    expect(policy({ own: 'public, max-age=600', hasSession: true })).toBe(PRIVATE);
    expect(policy({ own: 'public, max-age=600' })).toBe('public, max-age=600');
  });

  it('knows the session cookie by its names over http and https', () => {
    expect(hasSessionCookie('a=1; __session=abc')).toBe(true);
    expect(hasSessionCookie('__Host-session=abc')).toBe(true);
    expect(hasSessionCookie('__nav=x; my_session=1')).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });
});
