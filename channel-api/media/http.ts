/** Response helpers shared by the media routers. */
import type { Response } from 'express';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/** Playlists change (live) or may be regenerated: always revalidate. */
export const NO_CACHE = 'no-cache';
/** Segments and files never change under their name. */
export const LONG_CACHE = 'public, max-age=86400';

/** Content type and caching by file extension. */
export const FILE_TYPES: Record<string, { type: string; cache: string }> = {
  m3u8: { type: PLAYLIST_TYPE, cache: NO_CACHE },
  ts: { type: 'video/mp2t', cache: LONG_CACHE },
  mp4: { type: 'video/mp4', cache: LONG_CACHE },
  vtt: { type: 'text/vtt; charset=utf-8', cache: 'public, max-age=3600' },
};

/** Sets a file's Cache-Control. A file served on a media grant (media/guard.ts marks the response)
 *  is the fan's alone: shared caches must not keep it, whatever its kind allows. */
export function setCaching(res: Response, value: string): void {
  const own = res.locals.granted === true;
  res.setHeader('Cache-Control', !own ? value : value.startsWith('public') ? value.replace(/^public/, 'private') : `private, ${value}`);
}
