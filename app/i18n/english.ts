import { browserTranslator, type Catalogue, type Translator, type Values } from '#contract/i18n';
import type { Locale } from '#contract/locale';
import * as server from './catalogue.server';
import type { MessageId } from './messages';

/* The web app's translator (issue 36, ADR 055). On the server: FormatJS over every area's
   catalogue (./catalogue.server). In the browser: the messages of the page's language, which the
   page's catalogue script (/i18n/<locale>.js) put in `window.__fhI18n` before the app started,
   formatted by contract/icu.ts. Neither French nor FormatJS is in the browser bundle. */

/** The web app's translator: `t` takes only the catalogues' ids (a typo does not compile). */
export interface AppTranslator extends Translator {
  t(id: MessageId, values?: Values): string;
}

/** Whose catalogue script a page loads: a fan's lacks the operator's report (catalogue.server.ts). */
export type Audience = 'fan' | 'operator';

/** What the catalogue script leaves in the browser. */
interface LoadedCatalogue {
  src: string;
  audience: Audience;
  en: Catalogue['en'];
  fr?: Catalogue['fr'];
}

declare global {
  interface Window {
    __fhI18n?: LoadedCatalogue;
  }
}

const loaded = () => (typeof window === 'undefined' ? undefined : window.__fhI18n);

/* One catalogue object per loaded script (the translators are kept per catalogue object). */
let browserCatalogue: { from: LoadedCatalogue; catalogue: Catalogue } | null = null;

function browserMessages(): Catalogue {
  const from = loaded();
  if (!from) return { en: {}, fr: {} };
  if (browserCatalogue?.from !== from) browserCatalogue = { from, catalogue: { en: from.en, fr: from.fr ?? {} } };
  return browserCatalogue.catalogue;
}

/** The web app's messages in a locale, with the channel's zone. */
export const appTranslator = (locale: Locale, timeZone = 'UTC') =>
  (server.serverTranslator ? server.serverTranslator(locale, timeZone) : browserTranslator(browserMessages(), locale, timeZone)) as AppTranslator;

/** Whether this browser has the messages of a locale, for an audience (a client-side change of
 *  language, or an operator signed in without a new page, has not: the page is then loaded again,
 *  app/i18n/I18nProvider.tsx). Always true on the server. */
export const hasMessagesOf = (locale: Locale, audience: Audience) => Boolean(server.serverTranslator) || holds(loaded(), locale, audience);

const holds = (from: LoadedCatalogue | undefined, locale: Locale, audience: Audience) =>
  Boolean(from && (locale === 'en' || from[locale]) && (audience === 'fan' || from.audience === 'operator'));

/** The id of the JSON data block that names the page's catalogue script. */
export const CATALOGUE_SRC_ID = 'fh-i18n-src';

/** Runs the page's catalogue script (named by its data block) unless it ran: before hydration. */
export function loadCatalogue(): Promise<void> {
  const src = JSON.parse(document.getElementById(CATALOGUE_SRC_ID)?.textContent ?? 'null') as string | null;
  if (loaded() || !src) return Promise.resolve();
  return new Promise((resolve) => {
    const script = Object.assign(document.createElement('script'), { src });
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => resolve(), { once: true });
    document.head.append(script);
  });
}

/** The address of the catalogue script a page of this locale loads, for its audience. */
export const catalogueSrc = (locale: Locale, audience: Audience): string | undefined =>
  server.catalogueScript ? server.catalogueScript(locale, audience).src : loaded()?.src;

/** English, for what is written outside a request's language (and as the default of helpers).
 *  Looked up when used: in the browser the messages are there once the catalogue script ran. */
export const ENGLISH: AppTranslator = {
  locale: 'en',
  t: (id, values) => appTranslator('en').t(id, values),
  sentence: (text) => text,
};
