import { translator, type Translator, type Values } from '#contract/i18n';
import { messages, type MessageId } from './messages';

/** The web app's translator: `t` takes only the catalogues' ids (a typo does not compile). */
export interface AppTranslator extends Omit<Translator, 't'> {
  t(id: MessageId, values?: Values): string;
}

/** The web app's messages in a locale (kept per locale and zone by contract/i18n). */
export const appTranslator = (locale: Translator['locale'], timeZone = 'UTC') => translator(messages, locale, timeZone) as AppTranslator;

/** English, for what is written outside a request's language (and as the default of helpers). */
export const ENGLISH = appTranslator('en');
