import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { countdownAnnouncement, formatRemaining, isoDuration, remaining } from '~/domain/watch-state';
import { useI18n } from '~/i18n/use-i18n';

interface CountdownProps {
  /** Start, epoch seconds. */
  startsAt: number;
  /** The server's clock when it rendered (ms), so hydration renders the same text. */
  serverNow: number;
}

/**
 * Time left until an event starts. The server renders it as text; with JavaScript it ticks
 * every second. Screen readers get a separate polite status that changes only at coarse steps
 * (see countdownAnnouncement), never every second.
 */
export function Countdown({ startsAt, serverNow }: CountdownProps) {
  const [now, setNow] = useState(serverNow);
  const [announcement, setAnnouncement] = useState('');
  const { t } = useI18n();
  const firstAnnouncement = useRef(countdownAnnouncement(remaining(startsAt, serverNow), t));
  const revalidator = useRevalidator();
  const revalidated = useRef(false);

  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const left = remaining(startsAt, now);
  const coarse = countdownAnnouncement(left, t);

  useEffect(() => {
    // The page already says the first value; announce only changes after it.
    if (coarse !== firstAnnouncement.current) setAnnouncement(coarse);
  }, [coarse]);

  useEffect(() => {
    // At the start, ask the server once whether the stream is up (the visitor can also reload).
    if (left.total === 0 && !revalidated.current && revalidator.state === 'idle') {
      revalidated.current = true;
      revalidator.revalidate();
    }
  }, [left.total, revalidator]);

  return (
    <div className="countdown">
      <p>
        {left.total > 0 ? t('watch.countdown.in') : t('watch.countdown.starting')}
        <time dateTime={isoDuration(left)} className="countdown-time">
          {formatRemaining(left, t)}
        </time>
      </p>
      {left.total === 0 ? (
        <p>
          {t('watch.countdown.shortly')} <a href="">{t('watch.countdown.reload')}</a> {t('watch.countdown.toWatch')}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
