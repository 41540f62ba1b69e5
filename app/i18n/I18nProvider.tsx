import { useEffect, useMemo, type ReactNode } from 'react';
import type { Locale } from '#contract/locale';
import { appTranslator, hasMessagesOf, type Audience } from './english';
import { I18nContext } from './use-i18n';

/** The fan's language for every component below (useI18n): the same messages, locale and
 *  channel zone a loader gets, so the server's HTML and the hydrated page write the same words. */
export function I18nProvider({ locale, audience, timeZone, children }: { locale: Locale; audience: Audience; timeZone: string; children: ReactNode }) {
  const value = useMemo(() => appTranslator(locale, timeZone), [locale, timeZone]);
  const missing = !hasMessagesOf(locale, audience);
  // The language changed without a new page (an address with another `?lang=` followed in the
  // app), or an operator signed in without one: the browser has only the messages it loaded
  // first, so it loads the page again.
  useEffect(() => {
    if (missing) window.location.reload();
  }, [missing]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
