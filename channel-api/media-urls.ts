import type { StreamStatus } from '../contract/index.ts';
import { isLiveAsset, isVodAsset } from './media/assets.ts';

/* Path-absolute media URLs; the web server proxies /media/* to us, so they stay same-origin. */

export interface Playback {
  url: string | null;
  mp4_url: string | null;
  captions: { label: string; srclang: string; url: string }[];
}

export const noPlayback: Playback = { url: null, mp4_url: null, captions: [] };

/**
 * What an event or a video plays: an asset's files, all under `/media/<scope>/` ('vod/game-4',
 * 'live/live-2'). The scope is what a media grant opens (ADR 026): every file of one asset, and
 * nothing of another.
 */
export interface Media {
  scope: string;
  playback: Playback;
}

export function vodMedia(asset: string): Media {
  const scope = `vod/${encodeURIComponent(asset)}`;
  const base = `/media/${scope}`;
  return {
    scope,
    playback: {
      url: `${base}/master.m3u8`,
      mp4_url: `${base}/video.mp4`,
      captions: [{ label: 'English', srclang: 'en', url: `${base}/captions.vtt` }],
    },
  };
}

/** A live stream carries its captions in-stream (an HLS subtitles group), so no sidecar. */
export function liveMedia(asset: string): Media {
  const scope = `live/${encodeURIComponent(asset)}`;
  return { scope, playback: { url: `/media/${scope}/master.m3u8`, mp4_url: null, captions: [] } };
}

/** An event's media now: while live, its asset's live stream; once finished, its recording; before
 *  it starts, or when its asset is not of the kind its status needs, nothing. */
export function eventMedia(status: StreamStatus, asset: string | null): Media | null {
  if (!asset) return null;
  if (status === 'live' && isLiveAsset(asset)) return liveMedia(asset);
  if (status === 'finished' && isVodAsset(asset)) return vodMedia(asset);
  return null;
}

/** The scope of an event's or a video's asset, whatever its status: what a free one makes public. */
export function assetScope(asset: string): string | null {
  if (isLiveAsset(asset)) return liveMedia(asset).scope;
  if (isVodAsset(asset)) return vodMedia(asset).scope;
  return null;
}

/** The scope a /media path (as mounted: '/vod/game-4/360p_001.ts') belongs to, or null. */
export function scopeOfPath(path: string): string | null {
  const m = /^\/(vod|live)\/([^/]+)\//.exec(path);
  return m ? `${m[1]}/${m[2]}` : null;
}
