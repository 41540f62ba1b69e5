/* Plays one tile of /multiview with hls.js: the browser's own player (the server-rendered
   <video controls> with its HLS <source>) stays, and hls.js feeds it where MSE exists — for a live
   stream even beside native HLS, which stalls on the demo's sliding window (enhance-video.ts).
   hls.js arrives by import() after hydration, once for every tile. No Plyr: four tiles keep the
   native controls, and the page adds its own Sound and Enlarge buttons. */
import { renewGrantOnRefusal } from './hls-grant';
import { reportPlayback } from './video-analytics';

export interface TileStream {
  destroy(): void;
}

/** MSE (or Safari's ManagedMediaSource) exists: hls.js can work here. */
function hasMse(): boolean {
  return 'MediaSource' in window || 'ManagedMediaSource' in window;
}

/** Starts a tile, unless the visitor asked for reduced motion (then it waits for Play). It plays
 *  muted as the page rendered it (`<video muted>`), or with the sound the fan has meanwhile given
 *  it (Sound pressed while hls.js was still arriving: not taken back). */
export async function playTile(video: HTMLVideoElement, opts: { src: string; isCancelled: () => boolean }): Promise<TileStream | null> {
  let hls: { destroy(): void } | null = null;
  if (hasMse()) {
    // The full build: live captions come in-stream (a subtitles rendition), which light leaves out.
    const { default: Hls } = await import('hls.js');
    if (opts.isCancelled()) return null;
    if (Hls.isSupported()) {
      // Four at once: no rendition larger than its tile.
      const instance = new Hls({ capLevelToPlayerSize: true });
      renewGrantOnRefusal(instance, Hls.Events);
      instance.loadSource(opts.src);
      instance.attachMedia(video);
      hls = instance;
    }
  }
  const stopReports = reportPlayback(video, opts.src);
  if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) void video.play().catch(() => undefined);
  return {
    destroy: () => {
      stopReports();
      hls?.destroy();
    },
  };
}
