/* The languages a fan can read the product in, and the rule that picks one (issue 36, ADR 055).
 * English always; French only when the channel turns `settings.multilanguage` on (spec section 1).
 * Shared by the web app (its pages) and the channel API (the mails it sends in a fan's language). */

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** The locale a page is written in when nothing else decides: the spec's default language. */
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the language form sets (a year, no account needed). */
export const LOCALE_COOKIE = '__lang';

/** The query parameter that names a page's language in its address (the hreflang alternates). */
export const LOCALE_PARAM = 'lang';

/** Intl's name of each locale: the formats a fan reads (en-US, fr-FR). */
const INTL: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Intl's locale for ours ('fr' → 'fr-FR'); anything unknown is en-US. */
export function intlLocale(locale: Locale | null | undefined): string {
  return INTL[locale ?? DEFAULT_LOCALE] ?? INTL.en;
}

/** The locale the visitor's browser prefers among ours (RFC 9110 Accept-Language: by q, then
 *  order; `fr-CA` counts as fr; `*` is the first of ours), or null when it names none of ours. */
export function acceptedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number; at: number } | null = null;
  header
    .split(',')
    .slice(0, 50)
    .forEach((part, at) => {
      const [tag, ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      if (!Number.isFinite(q) || q <= 0 || q > 1) return;
      const primary = tag.trim().toLowerCase().split('-')[0];
      const locale: Locale | null = primary === '*' ? DEFAULT_LOCALE : isLocale(primary) ? primary : null;
      if (locale && (!best || q > best.q)) best = { locale, q, at };
    });
  return (best as { locale: Locale } | null)?.locale ?? null;
}

/** The value of our cookie in a Cookie header, when it names one of our locales. */
export function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookieHeader ?? '');
  return match && isLocale(match[1]) ? match[1] : null;
}

export interface LocaleInputs {
  /** The channel's `settings.multilanguage`. */
  multilanguage: boolean;
  /** The page address's `?lang=` (the hreflang alternates). */
  param?: string | null;
  cookieHeader?: string | null;
  acceptLanguage?: string | null;
}

/**
 * The locale of one request. With multilanguage off: always English (nothing a visitor sends
 * changes a page). With it on, the first that names one of ours: the address's `?lang=`, the
 * cookie of the language form, the browser's Accept-Language; else English.
 */
export function chooseLocale({ multilanguage, param, cookieHeader, acceptLanguage }: LocaleInputs): Locale {
  if (!multilanguage) return DEFAULT_LOCALE;
  if (isLocale(param)) return param;
  return cookieLocale(cookieHeader) ?? acceptedLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The language form's cookie: a year, first-party, not readable by scripts. */
export function localeCookie(locale: Locale, https: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`;
}

/** The page variant of a request's language, before the channel's setting is known (part of the
 *  microcache's key): whatever could make the page French. With multilanguage off it only keeps
 *  identical English copies apart. */
export function localeVariant(headers: Record<string, string | string[] | undefined>): Locale {
  const join = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : v);
  return chooseLocale({ multilanguage: true, cookieHeader: join(headers.cookie), acceptLanguage: join(headers['accept-language']) });
}
