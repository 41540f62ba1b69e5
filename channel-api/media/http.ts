/** Response helpers shared by the media routers. */
import type { Response } from 'express';
import { sendRefusal } from '../http/errors.ts';

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

export interface MediaFile {
  /** The directory `file` is read from; `send` keeps the path inside it and refuses dotfiles. */
  root: string;
  /** Content-Type; without it, `send` takes it from the file's extension. */
  type?: string;
  /** Cache-Control, through setCaching; without it, whatever the router set stays. */
  cache?: string;
  /** Sends the file as an attachment saved under this name (Content-Disposition). */
  downloadAs?: string;
  /** The 404's message: the file is not there. */
  notFound: string;
}

/** What `send` hands the callback of res.sendFile. */
interface SendError extends Error {
  status?: number;
  statusCode?: number;
  headers?: Record<string, string>;
}

/** Streams a file with byte ranges (206; 416 with the size) and conditional GETs, from `send`,
 *  never reading it whole. A refusal is the channel's `{ code, message }` and carries nothing of
 *  the file: not its type or name, and no caching. */
export function sendMediaFile(res: Response, file: string, opts: MediaFile): void {
  if (opts.type) res.setHeader('Content-Type', opts.type);
  if (opts.cache) setCaching(res, opts.cache);
  if (opts.downloadAs) res.attachment(opts.downloadAs);
  res.sendFile(file, { root: opts.root, dotfiles: 'deny', cacheControl: false }, (error?: SendError) => {
    if (!error || res.headersSent) return;
    const status = error.status ?? error.statusCode ?? 500;
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Disposition');
    res.setHeader('Cache-Control', 'no-store');
    if (status === 416) {
      // `send` hands back the Content-Range (bytes */size) a 416 must carry.
      for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
      return sendRefusal(res, 416, 'Requested range not satisfiable');
    }
    if (status === 404) return sendRefusal(res, 404, opts.notFound);
    if (status >= 400 && status < 500) return sendRefusal(res, status, error.message);
    sendRefusal(res, 500, 'Could not read the media file');
  });
}
