import path from 'node:path';
import express, { type Router } from 'express';
import { sendMediaFile } from './http.ts';
import type { Download } from '../../contract/index.ts';
import { REGION_REFUSAL } from '../../contract/regions.ts';
import type { Regions } from '../geo/regions.ts';
import { sendRefusal } from '../http/errors.ts';
import type { Signing } from '../signing.ts';

/*
 * Signed download links (issue 25). GET /download-event/{id} and GET /clip/download/{id} check who
 * may download what, count it, and answer with `/media/downloads/<token>`; this router streams the
 * file the token names as an attachment, with byte ranges (`send`), never reading it whole. The
 * token is signed with the server's own key (purpose 'download'), names one file under DATA_DIR
 * and its download name, and lasts DOWNLOAD_LINK_SECONDS: a link that leaks stops working soon.
 * It names the country it was signed for too (ADR 054), and is refused from any other.
 */

export const DOWNLOAD_LINK_SECONDS = 600;

export interface DownloadFile {
  /** Under DATA_DIR, with '/' separators: 'media/game-4/video.mp4', 'clips/<uuid>/clip.mp4'. */
  file: string;
  /** The name the browser saves it as (Content-Disposition). */
  filename: string;
  bytes: number;
  /** The fan's country when they asked (Caller.geo). */
  country: string;
}

/** A file DATA_DIR may hand out: plain segments under media/ or clips/, no dot segment. */
const DOWNLOADABLE = /^(?:media|clips)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){1,4}$/;

export function signDownload(signing: Signing, f: DownloadFile, nowMs: number): Download {
  if (!DOWNLOADABLE.test(f.file)) throw new Error(`not a downloadable file: ${f.file}`);
  const x = Math.floor(nowMs / 1000) + DOWNLOAD_LINK_SECONDS;
  return {
    url: `/media/downloads/${signing.token('download', { f: f.file, n: f.filename, c: f.country, x })}`,
    filename: f.filename,
    bytes: f.bytes,
    expires_at: new Date(x * 1000).toISOString(),
  };
}

/** GET /downloads/<token> (mounted at /media). */
export function downloadsRouter(opts: { dataDir: string; signing: Signing; regions: Regions; now?: () => number }): Router {
  const router = express.Router();
  const now = opts.now ?? Date.now;
  const root = path.resolve(opts.dataDir);
  router.get('/downloads/:token', (req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const c = opts.signing.claims('download', req.params.token);
    if (!c || typeof c.f !== 'string' || typeof c.n !== 'string' || typeof c.c !== 'string' || typeof c.x !== 'number' || !DOWNLOADABLE.test(c.f)) {
      return sendRefusal(res, 403, 'This download link is not valid.');
    }
    if (c.x <= Math.floor(now() / 1000)) return sendRefusal(res, 403, 'This download link has expired: ask for the download again.');
    const { f: file, n: name, c: country } = c;
    opts.regions
      .defaultChannel()
      .then(async (channel) => {
        const geo = channel ? await opts.regions.ofRequest(channel, req) : null;
        if (geo && geo.country_code !== country) return sendRefusal(res, 403, REGION_REFUSAL.message, REGION_REFUSAL.code);
        sendMediaFile(res, file, { root, downloadAs: name, notFound: 'The file of this download is gone.' });
      })
      .catch(next);
  });
  return router;
}
