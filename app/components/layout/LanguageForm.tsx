import { Form, useLocation } from '@remix-run/react';
import { LOCALE_PARAM, LOCALES, type Locale } from '#contract/locale';
import { useI18n } from '~/i18n/use-i18n';

/** Each language's name, written in itself (WCAG 3.1.2: its `lang` says so). */
const NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

/** The footer's language form (issue 36, ADR 055), shown when the channel has multilanguage on:
 *  one button per language, a plain POST to /language that remembers the choice in a cookie and
 *  comes back to this page, so it works without JavaScript (and with it, as a whole new page). The current language's button is
 *  pressed (aria-pressed). */
export function LanguageForm() {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(LOCALE_PARAM);
  const query = params.toString();
  return (
    // reloadDocument: the new language's page loads its own messages (ADR 055).
    <Form method="post" action="/language" reloadDocument className="language-form" aria-labelledby="language-form-title">
      <input type="hidden" name="redirectTo" value={`${pathname}${query ? `?${query}` : ''}`} />
      <p id="language-form-title">{t('layout.language.choose')}</p>
      {LOCALES.map((lang) => (
        <button key={lang} type="submit" name="lang" value={lang} lang={lang} className="button button--quiet" aria-pressed={lang === locale}>
          {NAMES[lang]}
        </button>
      ))}
    </Form>
  );
}
