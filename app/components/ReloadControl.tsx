import { useEffect, useState } from 'react';
import { useI18n } from '~/i18n/use-i18n';

/* The reload control of the 'Whoops!' and throttling screens (spec section 8, ADR 006; ReloadScreen)
   and of an error inside a frame (FramedError): it unlocks after a countdown, 60 s or the channel's
   Retry-After. Without JS the countdown cannot run: the visitor is asked to wait and a plain link
   reloads the page. No meta refresh: an automatic reload the visitor cannot stop fails WCAG 2.2.1
   (Timing Adjustable). */

/** Spec section 8: the reload control unlocks after 60 s, unless the channel said how long. */
const RELOAD_COUNTDOWN_SECONDS = 60;

/** Countdown + reload control. */
export function ReloadControl({ seconds = RELOAD_COUNTDOWN_SECONDS }: { seconds?: number }) {
  const { t } = useI18n();
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
        <p>{t('errors.reload.wait', { seconds })}</p>
        <p>
          {/* An empty href is the current URL, query included. */}
          <a href="" className="button">
            {t('errors.reload')}
          </a>
        </p>
      </>
    );
  }

  const ready = left === 0;
  return (
    <>
      {/* Polite, and only twice: at the start and when the button unlocks, never every second. */}
      <p role="status">{ready ? t('errors.reload.ready') : t('errors.reload.in', { seconds })}</p>
      <p>
        <button type="button" className="button" disabled={!ready} onClick={() => window.location.reload()}>
          {ready ? t('errors.reload') : t('errors.reload.left', { left })}
        </button>
      </p>
    </>
  );
}
