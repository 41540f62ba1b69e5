import { createContext, useContext } from 'react';
import { ENGLISH, type AppTranslator } from './english';

/* The fan's language in a component (issue 36, ADR 055): `const { t, locale } = useI18n()`,
   `t('layout.menu')`. The root layout provides it (I18nProvider) from its loader's locale, so the
   server's HTML and the browser's render write the same words. `sentence` writes an English text
   that came as text (a form's message, a channel's reason) in the fan's language. */

export type { AppTranslator };

export const I18nContext = createContext<AppTranslator>(ENGLISH);

export function useI18n(): AppTranslator {
  return useContext(I18nContext);
}
