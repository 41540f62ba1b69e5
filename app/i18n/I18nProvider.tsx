import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { intlLocale, type Locale } from '#contract/locale';
import { appTranslator } from './english';
import { I18nContext } from './use-i18n';

const ignore = () => undefined;

/** The fan's language for every component below: ours (useI18n: one FormatJS formatter with the
 *  channel's zone, the same a loader gets) and react-intl's own (useIntl, FormattedMessage). */
export function I18nProvider({ locale, timeZone, children }: { locale: Locale; timeZone: string; children: ReactNode }) {
  const value = useMemo(() => appTranslator(locale, timeZone), [locale, timeZone]);
  return (
    <IntlProvider locale={intlLocale(locale)} defaultLocale="en-US" messages={value.intl.messages} timeZone={timeZone} onError={ignore}>
      <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
    </IntlProvider>
  );
}
