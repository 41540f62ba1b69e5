/**
 * GET /vod/:asset/:file — the finished-game files (playlists, segments, MP4, captions).
 * Names are checked against strict patterns before touching the disk, so no request can
 * reach outside an asset's directory; byte ranges (206/416) come from `send`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { isVodAsset } from './assets.ts';
import { FILE_TYPES, sendMediaFile } from './http.ts';
import { COMPLETE_MARKER, mediaDirOf } from './prepare.ts';
import { sendRefusal } from '../http/errors.ts';

const ASSET_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FILE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}\.(m3u8|ts|mp4|vtt)$/;

export function vodRouter(opts: { dataDir: string }): Router {
  const router = express.Router();
  const mediaDir = mediaDirOf(opts.dataDir);
  // Assets seen complete once stay complete (prepareMedia only ever adds them).
  const ready = new Set<string>();

  router.get('/vod/:asset/:file', (req, res) => {
    const { asset, file } = req.params;
    if (!ASSET_NAME.test(asset) || !isVodAsset(asset)) return sendRefusal(res, 404, `Unknown media asset '${asset}'`);
    const match = FILE_NAME.exec(file);
    if (!match) return sendRefusal(res, 400, 'Invalid media file name');
    if (!ready.has(asset)) {
      if (!existsSync(path.join(mediaDir, asset, COMPLETE_MARKER))) {
        res.setHeader('Retry-After', '5');
        return sendRefusal(res, 503, 'Media is still being prepared');
      }
      ready.add(asset);
    }
    const kind = FILE_TYPES[match[1]];
    sendMediaFile(res, file, { root: path.join(mediaDir, asset), type: kind.type, cache: kind.cache, notFound: 'Media file not found' });
  });

  return router;
}
