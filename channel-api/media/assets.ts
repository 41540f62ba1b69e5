/**
 * The demo media assets: names are fixed (seeds and URLs refer to them) and so are the
 * encoding parameters the playlists describe.
 */

/** game-1…3 play the demo's free games and videos, game-4…6 what it sells (paid and pay-per-view
 *  games, paid videos), game-7 its game for signed-in fans; live its free live games, live-2 its
 *  paid one. Each access type has assets of its own, so no free event hands out what is sold,
 *  nor a fans-only game what is paid for (ADR 026). */
export const VOD_ASSETS = ['game-1', 'game-2', 'game-3', 'game-4', 'game-5', 'game-6', 'game-7', 'test-pattern'] as const;
export type VodAsset = (typeof VOD_ASSETS)[number];
/** Public whatever plays them: the browser check's test stream (/simulate). */
export const PUBLIC_ASSETS: readonly string[] = ['test-pattern'];
export const LIVE_ASSETS = ['live', 'live-2'] as const;
export type LiveAsset = (typeof LIVE_ASSETS)[number];

/** Bump when a recipe changes so existing data dirs regenerate their media. */
export const MEDIA_VERSION = 5;

/** How long each demo game (game-1…7) lasts: long enough to clip, with its clock on screen. */
export const GAME_SECONDS = 180;

export const SEGMENT_SECONDS = 2;

/** The live loop: 30 segments of 2 s. */
export const LIVE_LOOP_SEGMENTS = 30;
/** How many segments the live playlist's sliding window holds. */
export const LIVE_WINDOW_SEGMENTS = 4;
/**
 * The live clock's origin. Fixed (not process start) so every process, and every replica,
 * computes the same media sequence for the same wall-clock time.
 */
export const LIVE_EPOCH_MS = Date.UTC(2026, 0, 1, 0, 0, 0);

export interface Rendition {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/**
 * The VOD ladder, lowest first: each rung has more pixels and more bits than the one below it, and
 * the top is 540p (ADR 047). Every rung is encoded at a constant bit rate (x264 `nal-hrd=cbr`,
 * filler included), so what a master playlist declares is what a player downloads: the demo's
 * flat pictures would otherwise use far less than the target, and a small rung could outweigh a
 * big one. All are H.264 Main@3.0 + AAC-LC. The pictures are drawn at 640x360 (scenes.ts): 180p
 * is scaled down, 540p up.
 */
export const VOD_RENDITIONS: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 160, audioKbps: 64 },
  { name: '360p', width: 640, height: 360, videoKbps: 500, audioKbps: 96 },
  { name: '540p', width: 960, height: 540, videoKbps: 1000, audioKbps: 128 },
];

/** The rung a player starts on (listed first in the master playlist: a native player begins with
 *  the first), the one clips are cut from, and the progressive MP4 (downloads, players without
 *  HLS): the picture's own size. */
export const VOD_MAIN_RENDITION: Rendition = VOD_RENDITIONS[1];

export const LIVE_RENDITION: Rendition = { name: 'live', width: 640, height: 360, videoKbps: 900, audioKbps: 96 };

/** Main profile, level 3.0 (forced with -level 3.0), AAC-LC. */
export const CODECS = 'avc1.4d401e,mp4a.40.2';

export function isVodAsset(name: string): name is VodAsset {
  return (VOD_ASSETS as readonly string[]).includes(name);
}

export function isLiveAsset(name: string): name is LiveAsset {
  return (LIVE_ASSETS as readonly string[]).includes(name);
}
