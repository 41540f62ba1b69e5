import { LOCALE_PARAM, LOCALES } from '#contract/locale';

/* The hreflang alternates of a page (issue 36, ADR 055): the same address with `?lang=en` and
   `?lang=fr`, and the address without it as x-default (the visitor's cookie or browser decides). */

export interface Alternate {
  hrefLang: string;
  href: string;
}

export function alternatesOf(pageUrl: string): Alternate[] {
  const url = new URL(pageUrl);
  url.searchParams.delete(LOCALE_PARAM);
  url.searchParams.delete('_data');
  const withLang = (lang: string) => {
    const copy = new URL(url);
    copy.searchParams.set(LOCALE_PARAM, lang);
    return copy.href;
  };
  return [...LOCALES.map((lang) => ({ hrefLang: lang, href: withLang(lang) })), { hrefLang: 'x-default', href: url.href }];
}
