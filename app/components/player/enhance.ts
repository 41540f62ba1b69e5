/* Turns a server-rendered <video> into a Plyr player, adding hls.js only where the browser
   cannot play HLS natively. Both libraries arrive by dynamic import() so they stay out of the
   server build and out of every page that has no player (they touch `document` at import). */

export interface EnhanceOptions {
  src: string;
  title: string;
  live: boolean;
  /** Checked after each await: the component may have unmounted meanwhile (StrictMode too). */
  isCancelled: () => boolean;
}

export interface Enhanced {
  destroy(): void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export async function enhanceVideo(video: HTMLVideoElement, opts: EnhanceOptions): Promise<Enhanced | null> {
  const { default: Plyr } = await import('plyr');
  if (opts.isCancelled()) return null;

  // Plyr first, then hls.js: the other order makes Chromium re-request a revoked blob: URL.
  // `title` (names the controls: 'Play, <title>') is a real Plyr option missing from its typings.
  const titled = { title: opts.title } as Record<string, unknown>;
  const player = new Plyr(video, {
    ...titled,
    iconUrl: '/plyr.svg',
    blankVideo: '',
    captions: { active: true, language: 'en', update: false },
    keyboard: { focused: true, global: false },
    // A live stream has no meaningful timeline to seek along.
    controls: opts.live
      ? ['play-large', 'play', 'mute', 'volume', 'captions', 'settings', 'pip', 'airplay', 'fullscreen']
      : ['play-large', 'play', 'progress', 'current-time', 'duration', 'mute', 'volume', 'captions', 'settings', 'pip', 'airplay', 'fullscreen'],
  });

  let hls: { destroy(): void } | null = null;
  if (video.canPlayType(HLS_TYPE) === '') {
    const { default: Hls } = await import('hls.js/light');
    if (opts.isCancelled()) {
      player.destroy();
      return null;
    }
    // Without MSE either, the <source type="video/mp4"> fallback the browser chose keeps playing.
    if (Hls.isSupported()) {
      const instance = new Hls();
      instance.loadSource(opts.src);
      instance.attachMedia(video);
      hls = instance;
    }
  }

  return {
    destroy() {
      hls?.destroy();
      player.destroy();
    },
  };
}
