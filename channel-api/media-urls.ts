import type { StreamStatus } from '../contract/index.ts';

/* Path-absolute media URLs; the web server proxies /media/* to us, so they stay same-origin. */

export interface Playback {
  url: string | null;
  mp4_url: string | null;
  captions: { label: string; srclang: string; url: string }[];
}

export const noPlayback: Playback = { url: null, mp4_url: null, captions: [] };

export function vodPlayback(asset: string): Playback {
  const base = `/media/vod/${encodeURIComponent(asset)}`;
  return {
    url: `${base}/master.m3u8`,
    mp4_url: `${base}/video.mp4`,
    captions: [{ label: 'English', srclang: 'en', url: `${base}/captions.vtt` }],
  };
}

/** The live stream carries its captions in-stream (an HLS subtitles group), so no sidecar. */
export const livePlayback: Playback = { url: '/media/live/live/master.m3u8', mp4_url: null, captions: [] };

export function eventPlayback(status: StreamStatus, asset: string | null, hasAccess: boolean): Playback {
  if (!hasAccess) return noPlayback;
  if (status === 'live') return livePlayback;
  if (status === 'finished' && asset) return vodPlayback(asset);
  return noPlayback;
}
