/* Turns a server-rendered <video> into a Plyr player, adding hls.js only where the browser
   cannot play HLS natively. Both libraries arrive by dynamic import() so they stay out of the
   server build and out of every page that has no player (they touch `document` at import). */

import plyrCss from 'plyr/dist/plyr.css';
import { renewGrantOnRefusal } from './hls-grant';
import { reportPlayback } from './video-analytics';

export interface EnhanceOptions {
  /** The HLS playlist hls.js plays, if it plays one; null when the video is an MP4 alone (a
   *  clip): no hls.js. */
  src: string | null;
  title: string;
  live: boolean;
  /** The data saver: start with the smallest rendition, and never above the player's size. */
  lowData?: boolean;
  /** Checked after each await: the component may have unmounted meanwhile (StrictMode too). */
  isCancelled: () => boolean;
}

export interface Enhanced {
  destroy(): void;
  /** Plays another stream in the same player (the game after its pre-roll, ADR 050), from
   *  `startAt` seconds when given. */
  switchTo(src: string, startAt?: number): void;
  /** hls.js plays `src`; otherwise the element plays its own <source>. */
  hls: boolean;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Resolves once the element has metadata, failed, or `ms` passed. */
function metadataOrTimeout(video: HTMLVideoElement, ms: number): Promise<void> {
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      video.removeEventListener('loadedmetadata', done);
      video.removeEventListener('error', done, true);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    video.addEventListener('loadedmetadata', done);
    // A failing <source> fires 'error' on itself, not on the video: capture it.
    video.addEventListener('error', done, true);
  });
}

/** Plyr's stylesheet, added to the page with the player (not render-blocking: the native
 *  controls need none). Resolves once it applies, or failed to load. */
function plyrStylesheet(): Promise<void> {
  const present = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${plyrCss}"]`);
  if (present?.sheet) return Promise.resolve();
  const link = present ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href: plyrCss });
  const applied = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  if (!present) document.head.append(link);
  return applied;
}

/** Lets the browser run what waits (input, paint) before the next step: each step of setting up
 *  the player is then a task of its own, none of them long (Lighthouse's total blocking time). */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

/** MSE (or Safari's ManagedMediaSource) exists: hls.js can work here. */
function hasMse(): boolean {
  return 'MediaSource' in window || 'ManagedMediaSource' in window;
}

export async function enhanceVideo(video: HTMLVideoElement, opts: EnhanceOptions): Promise<Enhanced | null> {
  const nativeHls = video.canPlayType(HLS_TYPE) !== '';
  // VOD: hls.js/light only where HLS is not native (VOD captions are sidecar <track>s).
  // Live: hls.js wherever MSE exists, even beside native HLS. Measured in Chromium 156: its
  // native player stalled at 0 on the demo's sliding window in about 1 load of 3 (buffer
  // starting at 4 s, seeks ignored); hls.js jumps the gap and keeps to the live edge. The full
  // build, because live captions come in-stream (a subtitles rendition), which light leaves out.
  const hlsSrc = opts.src !== null && (opts.live ? hasMse() : !nativeHls) ? opts.src : null;
  const useHls = hlsSrc !== null;
  const [{ default: Plyr }] = await Promise.all([
    import('plyr'),
    plyrStylesheet(),
    // Plyr set up on a native live stream before its metadata made that stall more likely.
    opts.live && !useHls ? metadataOrTimeout(video, 5000) : null,
  ]);
  // Plyr's module has just been evaluated: build its controls in a task of their own.
  await yieldToMain();
  if (opts.isCancelled()) return null;

  // Plyr first, then hls.js: the other order makes Chromium re-request a revoked blob: URL.
  // `title` (names the controls: 'Play, <title>') is a real Plyr option missing from its typings.
  const titled = { title: opts.title } as Record<string, unknown>;
  const player = new Plyr(video, {
    ...titled,
    iconUrl: '/plyr.svg',
    blankVideo: '',
    // `update` follows tracks added later: hls.js adds the live subtitles track after setup.
    captions: { active: true, language: 'en', update: opts.live },
    keyboard: { focused: true, global: false },
    // A live stream has no meaningful timeline to seek along.
    controls: opts.live
      ? ['play-large', 'play', 'mute', 'volume', 'captions', 'settings', 'pip', 'airplay', 'fullscreen']
      : ['play-large', 'play', 'progress', 'current-time', 'duration', 'mute', 'volume', 'captions', 'settings', 'pip', 'airplay', 'fullscreen'],
  });

  let hls: { destroy(): void; loadSource(src: string): void } | null = null;
  if (hlsSrc !== null) {
    await yieldToMain();
    const { default: Hls } = opts.live ? await import('hls.js') : await import('hls.js/light');
    await yieldToMain();
    if (opts.isCancelled()) {
      player.destroy();
      return null;
    }
    // Without MSE support for these codecs, what the browser chose from the <source>s keeps playing.
    if (Hls.isSupported()) {
      // Live: the seekable range runs to the kick-off (a DVR playlist), and a rewind stays where
      // it went: liveMaxLatencyDuration(Count) left unset, or hls.js jumps back to live (#6934).
      const live = opts.live ? { liveDurationInfinity: true } : {};
      const instance = new Hls({ ...live, ...(opts.lowData ? { startLevel: 0, capLevelToPlayerSize: true } : {}) });
      renewGrantOnRefusal(instance, Hls.Events);
      instance.loadSource(hlsSrc);
      instance.attachMedia(video);
      hls = instance;
    }
  }

  // The channel's analytics: what this player plays of the game's stream (not a clip's MP4).
  const stopReports = opts.src !== null ? reportPlayback(video, opts.src) : null;
  return {
    destroy() {
      stopReports?.();
      hls?.destroy();
      player.destroy();
    },
    switchTo(src, startAt = 0) {
      if (startAt > 0) video.addEventListener('loadedmetadata', () => void (video.currentTime = startAt), { once: true });
      if (hls) hls.loadSource(src);
      else video.src = src;
      // Now, not on its metadata: a `preload="none"` element loads nothing until asked to play.
      void video.play().catch(() => undefined);
    },
    hls: hls !== null,
  };
}
