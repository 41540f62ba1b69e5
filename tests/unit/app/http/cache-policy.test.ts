import { describe, expect, it } from 'vitest';
import { cachePolicy, hasSessionCookie, PRIVATE, type ResponseFacts } from '~/http/cache-policy';

const anonymousPage: ResponseFacts = { method: 'GET', status: 200, hasSession: false, setsCookie: false, perViewer: false, region: null, own: null };
const policy = (change: Partial<ResponseFacts>) => cachePolicy({ ...anonymousPage, ...change }, 10);

describe('who may keep a copy of a response', () => {
  it('shares an anonymous page for the content TTL, with a CDN and in the microcache; browsers revalidate', () => {
    expect(policy({})).toEqual({ cacheControl: 'public, max-age=0, s-maxage=10, stale-while-revalidate=60', share: 'everyone' });
    expect(policy({ status: 404, method: 'HEAD' }).cacheControl).toMatch(/^public/);
  });

  it('never stores a signed-in page, one that sets a cookie, one about the viewer, a post or a redirect', () => {
    for (const change of [{ hasSession: true }, { setsCookie: true }, { perViewer: true }, { method: 'POST' }, { status: 302 }, { status: 503 }])
      expect(policy(change), JSON.stringify(change)).toEqual({ cacheControl: PRIVATE, share: 'none' });
  });

  it("keeps a page that read the visitor's region from a CDN, which cannot tell regions apart; the microcache keeps it per region", () => {
    expect(policy({ region: 'US' })).toEqual({ cacheControl: PRIVATE, share: 'region' });
    expect(policy({ region: 'US', perViewer: true }).share).toBe('none');
    expect(policy({ region: 'US', hasSession: true }).share).toBe('none');
  });

  it('lets a CDN share a region’s page when the region came from its own country header, keyed by it (Vary: ADR 054)', () => {
    expect(policy({ region: 'CA', regionHeader: 'cf-ipcountry' })).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
      share: 'region',
      vary: 'cf-ipcountry',
    });
    expect(policy({ region: 'CA', regionHeader: null })).toEqual({ cacheControl: PRIVATE, share: 'region' });
    expect(policy({ region: 'CA', regionHeader: 'cf-ipcountry', perViewer: true }).share).toBe('none');
  });

  it("keeps a route's own no-store or private, and never lets a route make a private page public", () => {
    expect(policy({ own: 'no-store' })).toEqual({ cacheControl: 'no-store', share: 'none' });
    expect(policy({ own: 'private, max-age=60' })).toEqual({ cacheControl: PRIVATE, share: 'none' });
    expect(policy({ own: 'public, max-age=600', hasSession: true }).cacheControl).toBe(PRIVATE);
    expect(policy({ own: 'public, max-age=600' })).toEqual({ cacheControl: 'public, max-age=600', share: 'everyone' });
  });

  it('lets a signed-in fan keep a versioned file a route serves (public and immutable), and nothing else of theirs', () => {
    const file = 'public, max-age=31536000, immutable';
    expect(policy({ own: file, hasSession: true })).toEqual({ cacheControl: file, share: 'everyone' });
    expect(policy({ own: file, hasSession: true, setsCookie: true }).cacheControl).toBe(PRIVATE);
    expect(policy({ own: file, hasSession: true, perViewer: true }).cacheControl).toBe(PRIVATE);
    expect(policy({ own: 'private, immutable', hasSession: true }).cacheControl).toBe(PRIVATE);
  });

  it('knows the session cookie by its names over http and https', () => {
    expect(hasSessionCookie('a=1; __session=abc')).toBe(true);
    expect(hasSessionCookie('__Host-session=abc')).toBe(true);
    expect(hasSessionCookie('__nav=x; my_session=1')).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });
});
