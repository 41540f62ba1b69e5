import { describe, expect, it } from 'vitest';
import { grantCookies, makeGrant, readGrant, sessionRef, type GrantClaims } from '../../../../channel-api/media/grants.ts';
import { signingFrom } from '../../../../channel-api/signing.ts';

const signing = signingFrom(['grants-test']);
const claims: GrantClaims = { s: 'vod/game-4', u: 7, k: sessionRef('an-api-key'), i: 'e:12', c: 'US', x: 2_000_000_000 };

describe('media grants (channel-api/media/grants.ts)', () => {
  it('opens its asset until it expires, and no other asset', () => {
    const grant = makeGrant(signing, claims);
    expect(grant.path).toBe('/media/vod/game-4/');
    expect(grant.expires_at).toBe(new Date(2_000_000_000_000).toISOString());
    expect(readGrant(signing, grant.value, 'vod/game-4', 1_999_999_999)).toEqual(claims);
    expect(readGrant(signing, grant.value, 'vod/game-4', 2_000_000_000)).toBe('expired');
    expect(readGrant(signing, grant.value, 'vod/game-5', 1_000)).toBe('another asset');
    expect(readGrant(signingFrom(['another']), grant.value, 'vod/game-4', 1_000)).toBe('not signed');
  });

  it('refuses a signed token that does not carry every claim with its type', () => {
    for (const broken of [{ ...claims, u: '7' }, { ...claims, x: undefined }, { s: 'vod/game-4' }, { ...claims, k: 1 }]) {
      expect(readGrant(signing, signing.token('media-grant', broken), 'vod/game-4', 1_000)).toBe('not signed');
    }
    // A token of another purpose is no grant.
    expect(readGrant(signing, signing.token('sandbox-link', { ...claims }), 'vod/game-4', 1_000)).toBe('not signed');
  });

  it('never holds the api key, only a fingerprint of it', () => {
    expect(makeGrant(signing, claims).value).not.toContain('an-api-key');
    expect(Buffer.from(makeGrant(signing, claims).value.split('.')[0], 'base64url').toString()).not.toContain('an-api-key');
    expect(sessionRef('an-api-key')).toHaveLength(22);
    expect(sessionRef('an-api-key')).not.toBe(sessionRef('another-key'));
  });

  it('reads the grant cookies of a Cookie header by the names the web app gives them, and nothing else', () => {
    expect(grantCookies(undefined)).toEqual([]);
    expect(grantCookies('__session=s; __media_grant=a.b; __Secure-media_grant=c.d; media_grant=e.f; xmedia_grant=no; media_grant_x=no')).toEqual([
      'a.b',
      'c.d',
      'e.f',
    ]);
  });
});
