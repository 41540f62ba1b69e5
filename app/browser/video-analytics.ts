/* What a playing player tells the channel's analytics (ADR 049): its events (play, pause, ended,
   seek) and, every HEARTBEAT_SECONDS while it plays, the seconds it played, posted to this site's
   /analytics/video (server/analytics/video-beacon.ts), which passes them on with the server's key.
   The seconds are those the video really advanced while playing (a seek is not watching). The
   last ones go when the page is hidden. Nothing waits for an answer, and a failed post is let go. */
import { HEARTBEAT_SECONDS, type VideoEventName } from '#contract/analytics';

/** Longest step of currentTime between two timeupdate events that still counts as playing. */
const MAX_STEP_SECONDS = 2;

type Report = { kind: 'event'; name: VideoEventName; position: number } | { kind: 'viewing'; seconds: number };

/** Reports what `video` plays of the stream at `src` (its playlist's path) until the returned stop. */
export function reportPlayback(video: HTMLVideoElement, src: string): () => void {
  const stream = new URL(src, window.location.href).pathname;
  let played = 0;
  let last = video.currentTime;

  const post = (report: Report) => {
    void fetch('/analytics/video', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...report, stream }),
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  };
  const event = (name: VideoEventName) => () => post({ kind: 'event', name, position: Math.max(0, Math.floor(video.currentTime || 0)) });
  const beat = () => {
    const seconds = Math.floor(played);
    if (seconds < 1) return;
    played -= seconds;
    post({ kind: 'viewing', seconds });
  };
  const onTime = () => {
    const step = video.currentTime - last;
    last = video.currentTime;
    if (!video.paused && !video.seeking && step > 0 && step <= MAX_STEP_SECONDS) played += step;
  };
  const onSeeked = () => {
    last = video.currentTime;
    event('seek')();
  };
  const onPause = () => {
    beat();
    if (!video.ended) event('pause')();
  };
  const onEnded = () => {
    beat();
    event('ended')();
  };
  const onHidden = () => document.visibilityState === 'hidden' && beat();

  const listeners: [string, () => void][] = [
    ['play', event('play')],
    ['pause', onPause],
    ['ended', onEnded],
    ['seeked', onSeeked],
    ['timeupdate', onTime],
  ];
  for (const [name, listener] of listeners) video.addEventListener(name, listener);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', beat);
  const timer = window.setInterval(beat, HEARTBEAT_SECONDS * 1000);
  return () => {
    beat();
    window.clearInterval(timer);
    for (const [name, listener] of listeners) video.removeEventListener(name, listener);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', beat);
  };
}
