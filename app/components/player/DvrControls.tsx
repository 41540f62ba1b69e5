import { useEffect, useState, type RefObject } from 'react';
import { formatDuration } from '#contract/durations';
import type { DvrStart } from '#contract/live-dvr';
import { dvrPosition, dvrSeekTarget, dvrStartTarget, type DvrPosition } from '~/domain/dvr';
import type { Dvr } from '~/domain/watch-state';

const LABELS: Record<DvrStart, string> = { live: 'Live', 'back-30': '−30 s', kickoff: 'From kick-off' };
const ORDER: DvrStart[] = ['kickoff', 'back-30', 'live'];

/**
 * Live / −30 s / From kick-off under a live game's player (ADR 040). Without JavaScript, and until
 * the player is ready, links: the page starts the stream there (its `?start=`). Once the player
 * is ready, buttons that seek the stream in place, and where it plays: live, or how far behind
 * live and since the kick-off. A polite live region says where a button went; the position itself
 * is not announced every second. `seekToStart`: hls.js plays the stream from the live edge
 * (`dvr.liveSrc`), so the page's start is a seek, made once the stream's range is known.
 */
export function DvrControls({ dvr, videoRef, ready, seekToStart }: { dvr: Dvr; videoRef: RefObject<HTMLVideoElement>; ready: boolean; seekToStart: boolean }) {
  const [position, setPosition] = useState<DvrPosition | null>(null);
  const [said, setSaid] = useState('');

  useEffect(() => {
    const video = videoRef.current;
    if (!seekToStart || !video) return;
    const events = ['loadedmetadata', 'durationchange', 'progress', 'timeupdate'] as const;
    const stop = () => {
      for (const e of events) video.removeEventListener(e, start);
    };
    function start() {
      if (!video || video.readyState < HTMLMediaElement.HAVE_METADATA) return;
      const target = dvrStartTarget(video, dvr.start);
      if (target === null) return;
      stop();
      video.currentTime = target;
    }
    for (const e of events) video.addEventListener(e, start);
    start();
    return stop;
  }, [seekToStart, videoRef, dvr.start]);

  useEffect(() => {
    const video = videoRef.current;
    if (!ready || !video) return;
    const update = () => setPosition(dvrPosition(video));
    update();
    const events = ['timeupdate', 'seeked', 'durationchange', 'progress'] as const;
    for (const e of events) video.addEventListener(e, update);
    return () => {
      for (const e of events) video.removeEventListener(e, update);
    };
  }, [ready, videoRef]);

  const go = (to: DvrStart) => {
    const video = videoRef.current;
    if (!video) return;
    const target = dvrSeekTarget(video, to);
    if (target === null) return;
    const after = () => {
      const where = dvrPosition(video);
      setSaid(where ? describe(where) : '');
    };
    video.addEventListener('seeked', after, { once: true });
    video.currentTime = target;
    if (video.paused) void video.play().catch(() => undefined);
  };

  return (
    <div className="dvr" role="group" aria-label="Live rewind">
      <ul className="dvr__controls">
        {ORDER.map((start) => (
          <li key={start}>
            {ready ? (
              <button type="button" className="button button--quiet dvr__control" onClick={() => go(start)}>
                {LABELS[start]}
              </button>
            ) : (
              // A whole page load: the server starts the stream there (a client navigation would
              // keep the player, and its stream, as it is).
              <a href={dvr.hrefs[start]} className="button button--quiet dvr__control" aria-current={dvr.start === start ? 'true' : undefined}>
                {LABELS[start]}
              </a>
            )}
          </li>
        ))}
      </ul>
      <p className="dvr__position" data-behind-live={position ? Math.round(position.behindLive) : undefined}>
        {position
          ? describe(position)
          : dvr.start === 'kickoff'
            ? 'Starts from the kick-off'
            : dvr.start === 'back-30'
              ? 'Starts 30 s behind live'
              : 'Starts live'}
      </p>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

function describe(p: DvrPosition): string {
  return p.live
    ? `Live · ${formatDuration(p.sinceKickoff)} since kick-off`
    : `${formatDuration(p.behindLive)} behind live · ${formatDuration(p.sinceKickoff)} since kick-off`;
}
