import { createHash } from 'node:crypto';
import { translator } from '#contract/formatjs';
import type { Locale } from '#contract/locale';
import type { Audience } from './english';
import { fanMessages, messages } from './messages';

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

const scripts = new Map<string, CatalogueScript>();

/**
 * The script a page of a locale loads before the app starts: `window.__fhI18n`, the messages the
 * browser formats (contract/i18n.ts browserTranslator). English alone on an English page; English
 * and French on a French one (`sentence` finds a French message by its English wording). A fan's
 * has every area but the operator's report; an operator's has them all (`/i18n/<locale>-operator.js`).
 */
export function catalogueScript(locale: Locale, audience: Audience): CatalogueScript {
  const key = `${locale}-${audience}`;
  const kept = scripts.get(key);
  if (kept) return kept;
  const source = audience === 'operator' ? messages : fanMessages;
  const data = locale === 'en' ? { en: source.en } : { en: source.en, [locale]: source[locale] };
  const json = JSON.stringify(data);
  const version = createHash('sha256').update(json).digest('base64url').slice(0, 12);
  const src = `/i18n/${locale}${audience === 'operator' ? '-operator' : ''}.js?v=${version}`;
  // '<' escaped: the text can never close a tag early wherever it is read.
  const body = `window.__fhI18n=${JSON.stringify({ src, audience, ...data }).replace(/</g, '\\u003c')};\n`;
  const made = { src, version, body };
  scripts.set(key, made);
  return made;
}
