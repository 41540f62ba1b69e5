import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LINK_TTL_MS, linkClaims, linkToken, ownPath } from '../../../../channel-api/payments/sandbox-links.ts';
import { signingFrom } from '../../../../channel-api/signing.ts';

/* The sandbox's signed links (ADR 029): what a token names, what opens it, and where the sandbox's
   pages may send the fan back to. */

const signing = signingFrom(['links-secret']);
const now = new Date('2026-11-26T12:00:00Z');
const portal = { purpose: 'portal' as const, channelId: 1, customerId: 7, returnPath: '/profile' };

describe('linkToken / linkClaims', () => {
  it('names its page, its fan and channel, its return path and an expiry an hour on', () => {
    const token = linkToken(signing, portal, now);
    expect(linkClaims(signing, token, 'portal', now)).toEqual({ ...portal, expiresAt: now.getTime() + LINK_TTL_MS });
    expect(signing.claims('sandbox-link', token)).toEqual({ p: 'portal', c: 1, u: 7, r: '/profile', e: now.getTime() + LINK_TTL_MS });
  });

  it('opens only the page it was made for, and only until it expires', () => {
    const token = linkToken(signing, portal, now);
    expect(linkClaims(signing, token, 'add-card', now)).toBeNull();
    expect(linkClaims(signing, token, 'portal', new Date(now.getTime() + LINK_TTL_MS - 1))).not.toBeNull();
    expect(linkClaims(signing, token, 'portal', new Date(now.getTime() + LINK_TTL_MS))).toBeNull();
    const card = linkToken(signing, { ...portal, purpose: 'add-card', returnPath: '/profile/payment-methods' }, now);
    expect(linkClaims(signing, card, 'portal', now)).toBeNull();
    expect(linkClaims(signing, card, 'add-card', now)?.returnPath).toBe('/profile/payment-methods');
  });

  it('refuses a link signed with another key: the channel key (as links once were), another secret, another purpose of ours', () => {
    const payload = Buffer.from(JSON.stringify({ p: 'portal', c: 1, u: 7, r: '/profile', e: now.getTime() + LINK_TTL_MS })).toString('base64url');
    const withChannelKey = `${payload}.${createHmac('sha256', 'the-public-channel-key').update(payload).digest('base64url')}`;
    expect(linkClaims(signing, withChannelKey, 'portal', now)).toBeNull();
    expect(linkClaims(signing, linkToken(signingFrom(['another-secret']), portal, now), 'portal', now)).toBeNull();
    const grant = signing.token('media-grant', { p: 'portal', c: 1, u: 7, r: '/profile', e: now.getTime() + LINK_TTL_MS });
    expect(linkClaims(signing, grant, 'portal', now)).toBeNull();
  });

  it('refuses claims of the wrong shape, even signed by us', () => {
    const good = { p: 'portal', c: 1, u: 7, r: '/profile', e: now.getTime() + 1000 };
    for (const bad of [
      { ...good, u: '7' },
      { ...good, u: 0 },
      { ...good, u: 1.5 },
      { ...good, c: null },
      { ...good, e: String(good.e) },
      { ...good, r: 'https://evil.example/profile' },
      { ...good, r: '//evil.example' },
      { ...good, r: '/login' },
      { ...good, r: ['/profile'] },
      { ...good, p: undefined },
    ]) {
      expect(linkClaims(signing, signing.token('sandbox-link', bad), 'portal', now), JSON.stringify(bad)).toBeNull();
    }
  });

  it('will not sign a return address off the allow-list', () => {
    for (const returnPath of [
      'http://localhost:3000/profile',
      '//evil.example',
      '/\\evil.example',
      '/profile/../login',
      '/orders/0',
      '/profile/payment-methods',
    ]) {
      expect(() => linkToken(signing, { ...portal, returnPath }, now), returnPath).toThrow();
    }
    expect(() => linkToken(signing, { ...portal, returnPath: '/orders/12' }, now)).not.toThrow();
  });
});

describe('ownPath', () => {
  it('keeps our paths as they are, and an older absolute address becomes its path', () => {
    expect(ownPath('/orders/12?session_id=cs_test_abc')).toBe('/orders/12?session_id=cs_test_abc');
    expect(ownPath('/watch/45')).toBe('/watch/45');
    expect(ownPath('http://localhost:3000/orders/12?session_id=cs_test_abc')).toBe('/orders/12?session_id=cs_test_abc');
  });

  it('never gives an address a browser would read as another site', () => {
    for (const [address, path] of [
      ['https://evil.example/x', '/x'],
      ['//evil.example/x', '/x'],
      ['/\\evil.example/x', '/x'],
      ['\\\\evil.example', '/'],
      ['http://a.example//evil.example/x', '/'],
      ['http://a.example/\\evil.example', '/'],
      ['/\t/evil.example', '/'],
      ['javascript:alert(1)', '/'],
      ['data:text/html,<script>alert(1)</script>', '/'],
      ['http://[bad', '/'],
      ['', '/'],
    ]) {
      const got = ownPath(address);
      expect(got, address).toBe(path);
      expect(new URL(got, 'http://our.example').origin, address).toBe('http://our.example');
    }
  });
});
