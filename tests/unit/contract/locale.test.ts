import { describe, expect, it } from 'vitest';
import { acceptedLocale, chooseLocale, cookieLocale, localeCookie, localeVariant } from '../../../contract/locale.ts';

/* Which language a page is written in (issue 36, ADR 055): English unless the channel has
   multilanguage on; then the address's ?lang=, the language form's cookie, the browser's
   Accept-Language, in that order. */

describe('chooseLocale', () => {
  it('is English whatever the visitor sends while multilanguage is off', () => {
    expect(chooseLocale({ multilanguage: false, param: 'fr', cookieHeader: '__lang=fr', acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('en');
  });

  it('takes the address first, then the cookie, then Accept-Language, else English', () => {
    const on = { multilanguage: true };
    expect(chooseLocale({ ...on, param: 'fr', cookieHeader: '__lang=en', acceptLanguage: 'en' })).toBe('fr');
    expect(chooseLocale({ ...on, param: 'de', cookieHeader: 'a=b; __lang=fr', acceptLanguage: 'en' })).toBe('fr');
    expect(chooseLocale({ ...on, cookieHeader: '__lang=en', acceptLanguage: 'fr' })).toBe('en');
    expect(chooseLocale({ ...on, acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' })).toBe('fr');
    expect(chooseLocale({ ...on, acceptLanguage: 'de-DE,de;q=0.9' })).toBe('en');
    expect(chooseLocale(on)).toBe('en');
  });
});

describe('acceptedLocale', () => {
  it('follows the q values, then the order, and ignores languages we do not have', () => {
    expect(acceptedLocale('en;q=0.5, fr;q=0.8')).toBe('fr');
    expect(acceptedLocale('de, fr;q=0.7, en;q=0.7')).toBe('fr');
    expect(acceptedLocale('de, es')).toBeNull();
    expect(acceptedLocale('fr;q=0, en;q=0.1')).toBe('en');
    expect(acceptedLocale('*')).toBe('en');
    expect(acceptedLocale('')).toBeNull();
  });
});

describe('the language cookie', () => {
  it('is read only when it names one of our languages, and is kept a year', () => {
    expect(cookieLocale('x=1; __lang=fr')).toBe('fr');
    expect(cookieLocale('__lang=xx')).toBeNull();
    expect(cookieLocale('my__lang=fr')).toBeNull();
    expect(localeCookie('fr', true)).toBe('__lang=fr; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure');
  });

  it('makes the cached page variant, as a multilanguage channel would choose', () => {
    expect(localeVariant({ cookie: '__lang=fr' })).toBe('fr');
    expect(localeVariant({ 'accept-language': 'fr-FR' })).toBe('fr');
    expect(localeVariant({ cookie: '__lang=en', 'accept-language': 'fr-FR' })).toBe('en');
    expect(localeVariant({})).toBe('en');
  });
});
