/* The translator of the server and the mails (issue 36, ADR 055): FormatJS, react-intl's
 * formatter, writes every message of a page's server render, a loader, an action and a mail.
 * Not imported by anything the browser loads (it weighs ~13 kB gzip there): the browser formats
 * the same messages with contract/icu.ts (contract/i18n.ts browserTranslator). */
import { createIntl, createIntlCache } from '@formatjs/intl';
import { translatorWith } from './i18n.ts';
import { intlLocale } from './locale.ts';

const cache = createIntlCache();

export const translator = translatorWith((messages, locale, timeZone) => {
  const intl = createIntl<string>(
    {
      locale: intlLocale(locale),
      defaultLocale: 'en-US',
      messages,
      timeZone,
      // A missing message is the completeness test's business, not the log's.
      onError: () => undefined,
    },
    cache,
  );
  return (id, values) => intl.formatMessage({ id }, values as never);
});
