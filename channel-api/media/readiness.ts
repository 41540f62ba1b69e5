/**
 * Whether the demo media is ready, and making it in the background (ADR 047): the channel API
 * listens first and prepares its media after, so a first start answers pages at once. An asset is
 * ready when its `.complete` marker of this media version is there (prepare.ts writes it last, then
 * moves the asset into place). Until then a game that plays it says so (`preparing` on its watch
 * data) and its files answer 503 with Retry-After (vod-router.ts, live-router.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_VERSION } from './assets.ts';
import { ALL_ASSETS, COMPLETE_MARKER, mediaDirOf, prepareMedia } from './prepare.ts';

/** GET /healthz's `media`: how many of the demo assets are made. */
export interface MediaStatus {
  ready: boolean;
  prepared: number;
  total: number;
  /** Why the background run stopped, when it failed. */
  error: string | null;
}

export interface MediaReadiness {
  isReady(asset: string): boolean;
  status(): MediaStatus;
}

/** Asked on every watch page: an asset seen ready stays ready (the media is only ever added). */
export function mediaReadiness(dataDir: string, assets: readonly string[] = ALL_ASSETS): MediaReadiness & { fail(error: string): void } {
  const mediaDir = mediaDirOf(dataDir);
  const ready = new Set<string>();
  let error: string | null = null;
  const isReady = (asset: string) => {
    if (ready.has(asset)) return true;
    try {
      const marker = JSON.parse(readFileSync(path.join(mediaDir, asset, COMPLETE_MARKER), 'utf8')) as { version?: number };
      if (marker.version !== MEDIA_VERSION) return false;
    } catch {
      return false;
    }
    ready.add(asset);
    return true;
  };
  return {
    isReady,
    status() {
      const prepared = assets.filter(isReady).length;
      return { ready: prepared === assets.length, prepared, total: assets.length, error };
    },
    fail(message) {
      error = message;
    },
  };
}

/** Starts making the media that is missing, without waiting for it; a failure is reported by
 *  `readiness`. `stop` ends the run (ffmpeg included) when the server closes. Progress goes to
 *  `log` ("Preparing demo media 3/10…"); ffmpeg runs at a low CPU priority, so pages come first. */
export function prepareInBackground(
  dataDir: string,
  readiness: ReturnType<typeof mediaReadiness>,
  opts: { log: (message: string) => void; ffmpeg?: string },
): { stop(): Promise<void> } {
  const abort = new AbortController();
  const run = prepareMedia(dataDir, { log: opts.log, ffmpeg: opts.ffmpeg, signal: abort.signal, background: true }).catch((error: Error) => {
    if (abort.signal.aborted) return;
    readiness.fail(error.message);
    console.error(`channel-api: the demo media could not be prepared: ${error.message}`);
  });
  return {
    async stop() {
      abort.abort();
      await run;
    },
  };
}
