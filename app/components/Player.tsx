import { useEffect, useRef, useState } from 'react';
import { enhanceVideo, type Enhanced } from '~/browser/enhance-video';
import { HOLD_NATIVE_CONTROLS } from '~/browser/hold-native-controls';
import { reportPlayback } from '~/browser/video-analytics';
import { DvrControls } from '~/components/player/DvrControls';
import type { Caption, Dvr } from '~/domain/watch-state';
import { useDataSaver } from '~/http/use-data-saver';

export interface PlayerProps {
  title: string;
  /** HLS master playlist, path-absolute as the channel gives it; null for an MP4 alone (a clip). */
  src: string | null;
  /** Progressive MP4 for browsers without HLS (none for live). */
  mp4Src?: string | null;
  poster?: string | null;
  captions?: Caption[];
  live?: boolean;
  /** A live stream that keeps every segment since the kick-off: its Live / −30 s / From kick-off. */
  dvr?: Dvr | null;
  /** Where a switched stream (`src` changed after mount) starts, in seconds; by default 0. */
  switchFrom?: () => number;
}

/**
 * A native <video controls> that plays without JavaScript: the browser picks the HLS
 * <source> where it plays HLS natively (Safari, current Chromium) and the MP4 one elsewhere.
 * (A `src` attribute would make the browser ignore <source> children, so there is none.)
 * With JavaScript, Plyr takes over the controls and hls.js joins only when needed: a live player
 * at once (hls.js keeps it at the live edge), an on-demand one when the fan reaches for it — the
 * pointer over it, a touch, keyboard focus, or a click that plays it (ADR 048: building Plyr is a
 * long task a phone would otherwise pay while the page loads). Until then the page shows the
 * poster without the native controls, which a click gives back (HOLD_NATIVE_CONTROLS, ADR 066).
 * Give it a `key` per media item: Plyr's destroy() swaps the element for a clone, so another
 * video must be a fresh mount, never a re-run of the effect on the same element.
 */
/** What says a fan reaches for an on-demand player (its Play on the native controls too). */
const INTENT_EVENTS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const;

export function Player({ title, src, mp4Src, poster, captions = [], live = false, dvr = null, switchFrom }: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [hlsJs, setHlsJs] = useState(false);
  const lowData = useDataSaver();
  const enhancedRef = useRef<Enhanced | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const building = useRef<Promise<Enhanced | null> | null>(null);
  const buildRef = useRef<(() => Promise<Enhanced | null>) | null>(null);
  const playing = dvr?.liveSrc ?? src;
  const firstSrc = useRef(playing);

  useEffect(() => {
    const video = videoRef.current;
    const box = boxRef.current;
    if (!video || !box) return;
    let cancelled = false;
    let enhanced: Enhanced | null = null;
    const played = dvr?.liveSrc ?? src;
    // The channel's analytics, from the first Play even before Plyr is built (not a clip's MP4).
    const stopReports = played !== null ? reportPlayback(video, played) : null;
    const onIntent = () => void build();
    const listen = (on: boolean) => {
      for (const type of INTENT_EVENTS) (on ? box.addEventListener : box.removeEventListener).call(box, type, onIntent);
      (on ? video.addEventListener : video.removeEventListener).call(video, 'play', onIntent);
    };
    const build = (): Promise<Enhanced | null> => {
      if (building.current) return building.current;
      listen(false);
      const focusOnVideo = document.activeElement === video;
      // A DVR stream: hls.js plays it from the live edge and seeks to the start (DvrControls).
      building.current = enhanceVideo(video, { src: played, title, live, lowData, isCancelled: () => cancelled })
        .then((result) => {
          if (!result) return null;
          enhanced = result;
          enhancedRef.current = result;
          setHlsJs(result.hls);
          setReady(true);
          // Focus that reached the bare video (Plyr moves it into its frame) lands on Play.
          if (focusOnVideo && (document.activeElement === video || document.activeElement === document.body)) result.focusPlay();
          return result;
        })
        .catch((error: unknown) => {
          // The native controls come back (HOLD_NATIVE_CONTROLS took them away); only the enhancement is lost.
          console.error('Player enhancement failed', error);
          video.controls = true;
          return null;
        });
      return building.current;
    };
    buildRef.current = build;
    // A live player at once; an on-demand one too if the fan reached for it before the page's
    // scripts ran (the pointer already over it, focus on it, or the video playing).
    if (live || box.matches(':hover') || box.contains(document.activeElement) || !video.paused) void build();
    else listen(true);
    return () => {
      cancelled = true;
      listen(false);
      building.current = null;
      stopReports?.();
      enhanced?.destroy();
    };
    // Once per mount on purpose: see the `key` note above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The same game's other stream (its pre-roll skipped or over, ADR 050): switched in place, in
  // the player built for it if the fan had not reached for it yet.
  useEffect(() => {
    if (playing === null || playing === firstSrc.current) return;
    firstSrc.current = playing;
    void buildRef.current?.().then((enhanced) => enhanced?.switchTo(playing, switchFrom?.() ?? 0));
  }, [playing, switchFrom]);

  const english = captions.findIndex((c) => c.srclang === 'en');
  const defaultTrack = english >= 0 ? english : 0;

  return (
    <>
      <div ref={boxRef} className="player" data-player-ready={ready ? 'true' : undefined} data-live={live ? 'true' : undefined}>
        <video ref={videoRef} controls playsInline preload="none" poster={poster ?? undefined} aria-label={`Video player: ${title}`}>
          {src ? <source src={src} type="application/vnd.apple.mpegurl" /> : null}
          {mp4Src ? <source src={mp4Src} type="video/mp4" /> : null}
          {captions.map((c, i) => (
            <track key={c.url} kind="captions" srcLang={c.srclang} label={c.label} src={c.url} default={i === defaultTrack} />
          ))}
          <p>
            Your browser cannot play this video.
            {mp4Src ? (
              <>
                {' '}
                <a href={mp4Src}>Download it as an MP4 file</a> instead.
              </>
            ) : null}
          </p>
        </video>
        <script dangerouslySetInnerHTML={{ __html: HOLD_NATIVE_CONTROLS }} />
      </div>
      {dvr ? <DvrControls dvr={dvr} videoRef={videoRef} ready={ready} seekToStart={hlsJs && dvr.start !== 'live'} /> : null}
    </>
  );
}
