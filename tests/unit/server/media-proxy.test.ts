import { describe, expect, it } from 'vitest';
import { grantCookieHeader } from '../../../server/media-proxy.ts';

describe('the media proxy (server/media-proxy.ts)', () => {
  it('hands the channel API the grant cookies and never the session cookie', () => {
    expect(grantCookieHeader(undefined)).toBeUndefined();
    expect(grantCookieHeader('__session=secret')).toBeUndefined();
    expect(grantCookieHeader('__session=secret; __media_grant=a.b;__Secure-media_grant=c.d; __Host-session=x; media_grant=plain')).toBe(
      '__media_grant=a.b; __Secure-media_grant=c.d',
    );
  });
});
