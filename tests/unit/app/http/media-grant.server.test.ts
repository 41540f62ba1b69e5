import { describe, expect, it } from 'vitest';
import { mediaGrantCookie } from '~/http/media-grant.server';

const grant = { value: `${'a'.repeat(40)}.${'B'.repeat(43)}`, path: '/media/vod/game-4/', expires_at: '2030-01-01T00:00:00.000Z' };
const now = Date.parse('2029-12-31T23:00:00.000Z');

describe('the media grant cookie (app/http/media-grant.server.ts)', () => {
  it('is HttpOnly, SameSite=Lax, scoped to its asset’s path and gone when the grant ends', () => {
    expect(mediaGrantCookie(grant, now)).toBe(
      `__media_grant=${grant.value}; Path=/media/vod/game-4/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; Max-Age=3600; HttpOnly; SameSite=Lax`,
    );
  });

  it('is not set for no grant, an ended one, or a path or value the channel should never send', () => {
    expect(mediaGrantCookie(null, now)).toBeNull();
    expect(mediaGrantCookie({ ...grant, expires_at: '2029-12-31T22:00:00.000Z' }, now)).toBeNull();
    expect(mediaGrantCookie({ ...grant, expires_at: 'soon' }, now)).toBeNull();
    for (const path of ['/', '/media/', '/profile', '/media/vod/game-4', '/media/vod/../x/', '/media/vod/game-4/; Domain=evil.example']) {
      expect(mediaGrantCookie({ ...grant, path }, now), path).toBeNull();
    }
    for (const value of ['', 'x', 'a.b; Path=/', `${'a'.repeat(40)}.${'B'.repeat(43)}\r\nSet-Cookie: x=1`]) {
      expect(mediaGrantCookie({ ...grant, value }, now), value).toBeNull();
    }
  });
});
