import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { skipWaitText, type PrerollView } from '~/domain/preroll';
import { describeDuration } from '~/domain/watch-state';

interface PrerollPanelProps {
  preroll: PrerollView;
  /** The watch page's own path and query: where the Skip comes back to. */
  pagePath: string;
  /** When the page was made (ms): without JavaScript, the Skip counts its wait from it. */
  shownAt: number;
  /** After a Skip too soon (no JavaScript): the seconds still to wait. */
  wait: number | null;
  live: boolean;
  /** Where the game starts once the player switches to it (Player `switchFrom`). */
  resumeAt: MutableRefObject<number>;
}

/**
 * Under the player while its stream starts with an ad (ADR 050): it says it is an advertisement,
 * offers the Skip and the advertiser's link. Without JavaScript the Skip is a plain form the
 * server answers (too soon: how long to wait; else the page again without the ad). With it, the
 * button waits until the ad has played `skipAfter` seconds, then skips in place (the player
 * switches to the game's own stream, no reload); the ad's end is reported the same way.
 */
export function PrerollPanel({ preroll, pagePath, shownAt, wait, live, resumeAt }: PrerollPanelProps) {
  const fetcher = useFetcher();
  const [hydrated, setHydrated] = useState(false);
  const [played, setPlayed] = useState(0);
  const reported = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setHydrated(true);
    // Media events do not bubble: caught on their way down to the player's <video>.
    const onTime = (event: Event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement) || !video.closest('.player')) return;
      setPlayed(video.currentTime);
      if (video.currentTime >= preroll.duration && !reported.current) {
        reported.current = true;
        // Played through: the game goes on where it is (an on-demand game's time is the stream's
        // less the ad; a live one goes to the live edge).
        resumeAt.current = live ? 0 : Math.max(0, video.currentTime - preroll.duration);
        fetcher.submit({ reason: 'complete', redirectTo: pagePath }, { method: 'post', action: `/ad/${preroll.id}` });
      }
    };
    document.addEventListener('timeupdate', onTime, true);
    return () => document.removeEventListener('timeupdate', onTime, true);
    // fetcher.submit is stable enough for this; the panel remounts per pre-roll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preroll.id, preroll.duration, pagePath, live]);

  const left = Math.max(0, Math.ceil(preroll.skipAfter - played));
  const canSkip = !hydrated || left === 0;
  const busy = fetcher.state !== 'idle';

  return (
    <section className="preroll" aria-labelledby="preroll-title">
      <h2 id="preroll-title" className="preroll__title">
        Advertisement
      </h2>
      <p>
        The game starts after this ad ({describeDuration(preroll.duration)}).
        {preroll.skipAfter > 0 ? ` You can skip it after ${describeDuration(preroll.skipAfter)}.` : ' You can skip it now.'}
      </p>
      {wait !== null ? (
        <p className="preroll__wait" role="status">
          {skipWaitText(wait)}
        </p>
      ) : null}
      <div className="preroll__actions">
        <fetcher.Form
          ref={formRef}
          method="post"
          action={`/ad/${preroll.id}`}
          onSubmit={(event) => {
            if (!canSkip) event.preventDefault();
            else resumeAt.current = 0;
          }}
        >
          <input type="hidden" name="reason" value="skip" />
          <input type="hidden" name="shown_at" value={shownAt} />
          <input type="hidden" name="redirectTo" value={pagePath} />
          <button type="submit" className="button" aria-disabled={canSkip && !busy ? undefined : 'true'}>
            {canSkip ? 'Skip ad' : `Skip ad in ${left} s`}
          </button>
        </fetcher.Form>
        {preroll.hasLink ? (
          <a className="preroll__link" href={`/ad/${preroll.id}`} rel="sponsored noopener" target="_blank">
            Visit the advertiser<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {hydrated ? (
        <p className="sr-only" aria-live="polite">
          {left === 0 ? 'You can skip the ad now.' : ''}
        </p>
      ) : null}
    </section>
  );
}
