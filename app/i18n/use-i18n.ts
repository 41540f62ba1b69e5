import { createContext, useContext } from 'react';
import { translator, type Translator, type Values } from '#contract/i18n';
import type { MessageId } from './messages';
import { messages } from './messages';

/* The fan's language in a component (issue 36, ADR 055): `const { t, locale } = useI18n()`,
   `t('layout.menu')`. The root layout provides it (I18nProvider) from its loader's locale, so the
   server's HTML and the browser's render write the same words. `sentence` writes an English text
   that came as text (a form's message, a channel's reason) in the fan's language. */

export interface AppTranslator extends Omit<Translator, 't'> {
  t(id: MessageId, values?: Values): string;
}

/** English, for what is written outside a request's language (and as the default of helpers). */
export const ENGLISH = translator(messages, 'en') as AppTranslator;

export const I18nContext = createContext<AppTranslator>(ENGLISH);

export function useI18n(): AppTranslator {
  return useContext(I18nContext);
}
