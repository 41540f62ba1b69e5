import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { updateConsent } from '~/browser/google-tag';
import { choiceOfAnswer } from '~/http/consent';
import { useI18n } from '~/i18n/use-i18n';

/** The cookie notice (ADR 051): Accept or Reject, plain forms posted to /consent and back to this
 *  page without JavaScript; with it, the choice is told to the Google tag at once, the notice goes
 *  and focus moves on to the page's content. Part of the page's flow (never over the content, so
 *  it hides no focused link), before the header. */
export function CookieNotice() {
  const fetcher = useFetcher();
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const [chosen, setChosen] = useState(false);
  useEffect(() => {
    if (chosen) document.getElementById('main')?.focus({ preventScroll: true });
  }, [chosen]);
  if (chosen) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const choice = choiceOfAnswer((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value'));
    if (!choice) return;
    updateConsent(choice);
    setChosen(true);
  };
  return (
    <section className="cookie-notice" aria-labelledby="cookie-notice-title">
      <h2 id="cookie-notice-title" className="cookie-notice__title">
        {t('layout.cookies')}
      </h2>
      <p className="cookie-notice__text">
        {t('layout.cookies.text')} <Link to="/privacy_policy">{t('layout.cookies.privacy')}</Link>
      </p>
      <fetcher.Form method="post" action="/consent" className="cookie-notice__form" onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <button type="submit" name="answer" value="accept" className="button">
          {t('layout.cookies.accept')}
        </button>
        <button type="submit" name="answer" value="reject" className="button">
          {t('layout.cookies.reject')}
        </button>
      </fetcher.Form>
    </section>
  );
}
