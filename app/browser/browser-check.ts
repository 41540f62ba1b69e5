/* Browser capability checks for /simulate. Client only: call them from effects or handlers. */

export const HLS_MIME = 'application/vnd.apple.mpegurl';
/** H.264 Main 3.0 + AAC-LC: what the channel's renditions use. */
export const MSE_CODECS = 'video/mp4; codecs="avc1.4d401e,mp4a.40.2"';

export interface Capabilities {
  hlsNative: boolean;
  mse: boolean;
  mseCodecs: boolean;
  mp4: boolean;
}

export function detectCapabilities(): Capabilities {
  const video = document.createElement('video');
  const mse = 'MediaSource' in window;
  return {
    hlsNative: video.canPlayType(HLS_MIME) !== '',
    mse,
    mseCodecs: mse && MediaSource.isTypeSupported(MSE_CODECS),
    mp4: video.canPlayType('video/mp4; codecs="avc1.4d401e"') !== '',
  };
}

export interface Throughput {
  bytes: number;
  seconds: number;
  mbps: number;
}

/** Downloads `url` once, bypassing caches, and times it. */
export async function measureThroughput(url: string, signal?: AbortSignal): Promise<Throughput> {
  const started = performance.now();
  const response = await fetch(url, { cache: 'no-store', signal });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const seconds = Math.max((performance.now() - started) / 1000, 0.001);
  return { bytes, seconds, mbps: (bytes * 8) / seconds / 1_000_000 };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} kB`;
}
