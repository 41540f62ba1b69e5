import { describe, expect, it } from 'vitest';
import { guard, isAuthPage, pageOf, signInHref, trackingCode, trackingFrom, TRK_TTL_MS } from '~/domain/navigation';

const at = (path: string) => new URL(path, 'http://fieldhouse.test');

describe('the page to come back to (spec section 2), carried by the sign-in links', () => {
  it('links from a page carry that page with its query', () => {
    expect(signInHref('/login', at('/upcoming?category=2'))).toBe('/login?redirectTo=%2Fupcoming%3Fcategory%3D2');
    expect(signInHref('/registration', at('/watch/5'))).toBe('/registration?redirectTo=%2Fwatch%2F5');
  });

  it('skips auth pages (their own redirectTo is carried on), home, and Remix data parameters', () => {
    expect(signInHref('/registration', at('/login?redirectTo=%2Ffaq'))).toBe('/registration?redirectTo=%2Ffaq');
    expect(signInHref('/login', at('/verify-email?token=abc'))).toBe('/login');
    expect(signInHref('/login', at('/'))).toBe('/login');
    expect(signInHref('/login', at('/404'))).toBe('/login');
    expect(pageOf(at('/upcoming?_data=root&view=list'))).toBe('/upcoming?view=list');
  });
});

describe('trk, the outer tracking code', () => {
  it('is kept for 3 hours, then dropped', () => {
    const m = trackingFrom(at('/?trk=spring-promo'), 1_000)!;
    expect(trackingCode(m, 1_000 + TRK_TTL_MS - 1)).toBe('spring-promo');
    expect(trackingCode(m, 1_000 + TRK_TTL_MS)).toBeNull();
    expect(trackingFrom(at('/faq'), 0)).toBeNull();
  });

  it('ignores a code that is not a plain token', () => {
    expect(trackingFrom(at('/?trk=%3Cscript%3E'), 0)).toBeNull();
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
