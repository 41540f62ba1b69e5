import { useEffect, useState } from 'react';
import { ERROR_TEXT } from '~/http/error-kind';

/* The 'Whoops!' reload screen (spec section 8): the reload control unlocks after a 60 s
   countdown. Without JS the countdown cannot run: the visitor is asked to wait a minute and a
   plain link reloads the page. No meta refresh: an automatic reload the visitor cannot stop
   fails WCAG 2.2.1 (Timing Adjustable). Rendered by the
   root ErrorBoundary: it needs no loader data. */

export const RELOAD_COUNTDOWN_SECONDS = 60;

export const screenStyle = { maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', textAlign: 'center' } as const;

/** Countdown + reload control shared by the Whoops and throttling screens. */
export function ReloadControl({ seconds = RELOAD_COUNTDOWN_SECONDS }: { seconds?: number }) {
  const [hydrated, setHydrated] = useState(false);
  const [left, setLeft] = useState(seconds);

  useEffect(() => {
    setHydrated(true);
    const started = Date.now();
    // Counted from the clock, not from ticks, so a throttled background tab stays correct.
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  if (!hydrated) {
    // Server HTML, and what a visitor without JS keeps.
    return (
      <>
        <p>Please wait {seconds} seconds, then reload the page.</p>
        <p>
          {/* An empty href is the current URL, query included. */}
          <a href="" className="button">
            Reload
          </a>
        </p>
      </>
    );
  }

  const ready = left === 0;
  return (
    <>
      {/* Polite, and only twice: at the start and when the button unlocks, never every second. */}
      <p role="status">{ready ? 'You can reload the page now.' : `You can reload the page in ${seconds} seconds.`}</p>
      <p>
        <button type="button" className="button" disabled={!ready} onClick={() => window.location.reload()}>
          {ready ? 'Reload' : `Reload (${left})`}
        </button>
      </p>
    </>
  );
}

export function WhoopsScreen({ retryAfterSeconds }: { retryAfterSeconds?: number }) {
  return (
    <main id="main" tabIndex={-1} className="error-page" style={screenStyle}>
      <h1>{ERROR_TEXT.whoops.title}</h1>
      <p>{ERROR_TEXT.whoops.message}</p>
      <ReloadControl seconds={retryAfterSeconds ?? RELOAD_COUNTDOWN_SECONDS} />
    </main>
  );
}
