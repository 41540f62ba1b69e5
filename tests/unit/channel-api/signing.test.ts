import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signingFrom } from '../../../channel-api/signing.ts';

describe('signing (channel-api/signing.ts)', () => {
  const signing = signingFrom(['first-secret']);

  it('reads back the claims of its own token', () => {
    const token = signing.token('sandbox-link', { u: 7, p: 'portal' });
    expect(signing.claims('sandbox-link', token)).toEqual({ u: 7, p: 'portal' });
  });

  it('refuses a token of another purpose, another secret, or a changed payload or signature', () => {
    const token = signing.token('sandbox-link', { u: 7 });
    expect(signing.claims('media-grant', token)).toBeNull();
    expect(signingFrom(['other-secret']).claims('sandbox-link', token)).toBeNull();
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 8 })).toString('base64url');
    expect(signing.claims('sandbox-link', `${forged}.${mac}`)).toBeNull();
    expect(signing.claims('sandbox-link', `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const junk of ['', '.', 'abc', `${payload}.`, `${payload}.${mac}.x`, `${payload}..${mac}`]) expect(signing.claims('sandbox-link', junk)).toBeNull();
  });

  it('only takes an object as claims, even when it is signed', () => {
    const object = Buffer.from('{"u":1}').toString('base64url');
    const objectKey = createHmac('sha256', 'first-secret').update('fieldhouse:sandbox-link').digest();
    expect(signing.claims('sandbox-link', `${object}.${createHmac('sha256', objectKey).update(object).digest('base64url')}`)).toEqual({ u: 1 });
    for (const body of ['null', '1', '[]', '"x"', '{']) {
      const payload = Buffer.from(body).toString('base64url');
      // Signed with the purpose's key, derived as the module does.
      const key = createHmac('sha256', 'first-secret').update('fieldhouse:sandbox-link').digest();
      const token = `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
      expect(signing.claims('sandbox-link', token)).toBeNull();
    }
  });

  it('keeps verifying with an older secret after rotation, and signs with the new one', () => {
    const before = signingFrom(['old']).token('media-grant', { a: 'vod/x' });
    const rotated = signingFrom(['new', 'old']);
    expect(rotated.claims('media-grant', before)).toEqual({ a: 'vod/x' });
    expect(signingFrom(['old']).claims('media-grant', rotated.token('media-grant', { a: 1 }))).toBeNull();
    expect(rotated.hashes('account-memory', 'fan@example.com')).toHaveLength(2);
    expect(rotated.hashes('account-memory', 'fan@example.com')[1]).toBe(signingFrom(['old']).hashes('account-memory', 'fan@example.com')[0]);
  });

  it('signs media grants with a key given outright (a CDN holds that key, not the secret)', () => {
    const cdnKey = 'cdn-media-key';
    const withKey = signingFrom(['secret'], { 'media-grant': [cdnKey] });
    const token = withKey.token('media-grant', { a: 'vod/x' });
    expect(withKey.claims('media-grant', token)).toEqual({ a: 'vod/x' });
    expect(signingFrom(['secret']).claims('media-grant', token)).toBeNull();
    // Other purposes still come from the secret.
    expect(withKey.claims('sandbox-link', signingFrom(['secret']).token('sandbox-link', { u: 1 }))).toEqual({ u: 1 });
  });

  it("seals a text so only its purpose's keys read it back, after a rotation too; anything else reads as null", () => {
    const sealed = signingFrom(['secret']).seal('calendar-feed', 'abcDEF123_-abcDEF123_');
    expect(sealed).not.toContain('abcDEF123');
    expect(signingFrom(['secret']).unseal('calendar-feed', sealed)).toBe('abcDEF123_-abcDEF123_');
    // Each seal is its own (a fresh IV): the same text twice is two texts.
    expect(signingFrom(['secret']).seal('calendar-feed', 'x')).not.toBe(signingFrom(['secret']).seal('calendar-feed', 'x'));
    expect(signingFrom(['new', 'secret']).unseal('calendar-feed', sealed), 'an older key still opens it').toBe('abcDEF123_-abcDEF123_');
    expect(signingFrom(['other']).unseal('calendar-feed', sealed)).toBeNull();
    expect(signingFrom(['secret']).unseal('alert-unsubscribe', sealed), 'another purpose').toBeNull();
    const [iv, body] = sealed.split('.');
    const flipped = `${iv}.${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(signingFrom(['secret']).unseal('calendar-feed', flipped)).toBeNull();
    for (const junk of ['', 'abc', `${iv}.`, `${iv}.${'A'.repeat(10)}`, 'not.sealed.at-all'])
      expect(signingFrom(['secret']).unseal('calendar-feed', junk)).toBeNull();
  });
});
