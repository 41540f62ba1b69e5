import { describe, expect, it } from 'vitest';
import { guard, isAuthPage, pageOf, remember, trackingCode, TRK_TTL_MS } from '~/domain/navigation';

const at = (path: string) => new URL(path, 'http://fieldhouse.test');

describe('page memory (spec section 2)', () => {
  it('remembers the last page with its query, and the one before it', () => {
    const a = remember({}, at('/upcoming?category=2'), 0);
    const b = remember(a, at('/watch/5'), 0);
    expect(b).toMatchObject({ last: '/watch/5', previous: '/upcoming?category=2' });
  });

  it('skips auth pages, and Remix data parameters', () => {
    const a = remember({}, at('/faq'), 0);
    expect(remember(a, at('/login'), 0)).toEqual(a);
    expect(remember(a, at('/verify-email?token=abc'), 0)).toEqual(a);
    expect(pageOf(at('/upcoming?_data=root&view=list'))).toBe('/upcoming?view=list');
  });

  it('a reload of the same page keeps the previous page', () => {
    const a = remember(remember({}, at('/faq'), 0), at('/about'), 0);
    expect(remember(a, at('/about'), 0)).toEqual(a);
  });
});

describe('trk, the outer tracking code', () => {
  it('is kept for 3 hours, then dropped', () => {
    const m = remember({}, at('/?trk=spring-promo'), 1_000);
    expect(trackingCode(m, 1_000 + TRK_TTL_MS - 1)).toBe('spring-promo');
    expect(trackingCode(m, 1_000 + TRK_TTL_MS)).toBeNull();
    expect(remember(m, at('/faq'), 1_000 + TRK_TTL_MS).trk).toBeUndefined();
  });

  it('ignores a code that is not a plain token', () => {
    expect(remember({}, at('/?trk=%3Cscript%3E'), 0).trk).toBeUndefined();
  });
});

describe('guards', () => {
  const fan = { temporary_password: false };
  it('sends a signed-in fan home from login, registration and password-reset pages', () => {
    for (const p of ['/login', '/registration', '/password-reset-request', '/password-reset']) expect(guard(p, fan)).toBe('/');
    expect(guard('/verify-email', fan)).toBeNull();
    expect(guard('/login', null)).toBeNull();
  });

  it('forces /profile/edit while the password is temporary', () => {
    const temp = { temporary_password: true };
    expect(guard('/', temp)).toBe('/profile/edit');
    expect(guard('/watch/3', temp)).toBe('/profile/edit');
    expect(guard('/profile/edit', temp)).toBeNull();
  });

  it('knows the auth pages', () => {
    expect(isAuthPage('/confirm-account-deletion')).toBe(true);
    expect(isAuthPage('/auth/google/callback')).toBe(true);
    expect(isAuthPage('/faq')).toBe(false);
  });
});
