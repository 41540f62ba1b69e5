import type { StreamStatus } from '../contract/index.ts';
import { isLiveAsset, isVodAsset } from './media/assets.ts';
import { dvrDuration } from './media/live-playlist.ts';

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
  /** The asset's name ('game-4'): what media/prepare.ts makes. */
  asset: string;
  scope: string;
  playback: Playback;
}

export function vodMedia(asset: string): Media {
  const scope = `vod/${encodeURIComponent(asset)}`;
  const base = `/media/${scope}`;
  return {
    asset,
    scope,
    playback: {
      url: `${base}/master.m3u8`,
      mp4_url: `${base}/video.mp4`,
      captions: [{ label: 'English', srclang: 'en', url: `${base}/captions.vtt` }],
    },
  };
}

/** A live stream carries its captions in-stream (an HLS subtitles group), so no sidecar. The
 *  asset's sliding window (the browser check, the bench). */
export function liveMedia(asset: string): Media {
  const scope = `live/${encodeURIComponent(asset)}`;
  return { asset, scope, playback: { url: `/media/${scope}/master.m3u8`, mp4_url: null, captions: [] } };
}

/** When a live game kicks off (epoch seconds: for a re-airing demo game, its current airing) and
 *  how long it lasts. */
export interface GameTimes {
  event_utc_ts: number;
  duration: number;
}

/** A live game's DVR stream (ADR 040): one EVENT playlist from its kick-off, which ends with the
 *  game and is then its on-demand media. Its URL names the game, so each airing has its own. */
export function liveGameMedia(asset: string, game: GameTimes): Media {
  const scope = `live/${encodeURIComponent(asset)}`;
  const url = `/media/${scope}/${Math.max(0, Math.floor(game.event_utc_ts))}-${dvrDuration(game.duration)}/master.m3u8`;
  return { asset, scope, playback: { url, mp4_url: null, captions: [] } };
}

/** An event's media now: while live, its asset's live stream from its kick-off; once finished,
 *  its recording, or the live stream it aired on, complete; before it starts, or when its asset is
 *  not of a kind it can play, nothing. */
export function eventMedia(status: StreamStatus, asset: string | null, game: GameTimes): Media | null {
  if (!asset) return null;
  if (status !== 'upcoming' && isLiveAsset(asset)) return liveGameMedia(asset, game);
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
