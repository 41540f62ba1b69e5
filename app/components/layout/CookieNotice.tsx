import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { updateConsent } from '~/browser/google-tag';
import { choiceOfAnswer } from '~/http/consent';

export const COOKIE_NOTICE_TEXT =
  'With your consent, we use cookies to measure how this site is used and to make advertising more relevant. Without it, nothing is stored on your device for that.';

/** The cookie notice (ADR 051): Accept or Reject, plain forms posted to /consent and back to this
 *  page without JavaScript; with it, the choice is told to the Google tag at once, the notice goes
 *  and focus moves on to the page's content. Part of the page's flow (never over the content, so
 *  it hides no focused link), before the header. */
export function CookieNotice() {
  const fetcher = useFetcher();
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
        Cookies
      </h2>
      <p className="cookie-notice__text">
        {COOKIE_NOTICE_TEXT} <Link to="/privacy_policy">Privacy policy</Link>
      </p>
      <fetcher.Form method="post" action="/consent" className="cookie-notice__form" onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        <button type="submit" name="answer" value="accept" className="button">
          Accept
        </button>
        <button type="submit" name="answer" value="reject" className="button">
          Reject
        </button>
      </fetcher.Form>
    </section>
  );
}
