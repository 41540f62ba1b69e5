import { createHash } from 'node:crypto';
import { translator } from '#contract/formatjs';
import type { Locale } from '#contract/locale';
import { messages } from './messages';

/* The web app's catalogues on the server (issue 36, ADR 055). In the browser bundle this module is
 * empty (the compiler empties .server modules there): a page gets its language's messages as data,
 * from the catalogue script below, and neither the other language nor FormatJS. */

/** A loader's, an action's or a server render's translator: FormatJS over every area. */
export const serverTranslator = (locale: Locale, timeZone: string) => translator(messages, locale, timeZone);

export interface CatalogueScript {
  /** Its address, with the version of its content (the browser keeps it a year). */
  src: string;
  version: string;
  body: string;
}

const scripts = new Map<Locale, CatalogueScript>();

/**
 * The script a page of a locale loads before the app starts: `window.__fhI18n`, the messages the
 * browser formats (contract/i18n.ts browserTranslator). English alone on an English page; English
 * and French on a French one (`sentence` finds a French message by its English wording).
 */
export function catalogueScript(locale: Locale): CatalogueScript {
  const kept = scripts.get(locale);
  if (kept) return kept;
  const data = locale === 'en' ? { en: messages.en } : { en: messages.en, [locale]: messages[locale] };
  const json = JSON.stringify(data);
  const version = createHash('sha256').update(json).digest('base64url').slice(0, 12);
  const src = `/i18n/${locale}.js?v=${version}`;
  // '<' escaped: the text can never close a tag early wherever it is read.
  const body = `window.__fhI18n=${JSON.stringify({ src, ...data }).replace(/</g, '\\u003c')};\n`;
  const made = { src, version, body };
  scripts.set(locale, made);
  return made;
}
