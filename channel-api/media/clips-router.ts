import path from 'node:path';
import express, { type Router } from 'express';
import { sendMediaFile } from './http.ts';
import { sendRefusal } from '../http/errors.ts';

/*
 * GET /clips/<uuid>/{clip.mp4,preview.jpg,poster.jpg} (mounted at /media): a processed clip's
 * files, public to anyone holding the uuid (122 random bits: the share link's secret, ADR 039).
 * The directory exists only once the clip job renamed its finished files into place, and goes
 * when the clip is deleted; what a uuid names never changes, so caches may keep it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILES: Record<string, string> = { 'clip.mp4': 'video/mp4', 'preview.jpg': 'image/jpeg', 'poster.jpg': 'image/jpeg' };
const CACHE = 'public, max-age=31536000, immutable';

export function clipsRouter(opts: { dataDir: string }): Router {
  const router = express.Router();
  const root = path.join(path.resolve(opts.dataDir), 'clips');
  router.get('/clips/:uuid/:file', (req, res) => {
    const { uuid, file } = req.params;
    const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
    if (!UUID.test(uuid) || !type) return sendRefusal(res, 404, 'Clip file not found');
    res.setHeader('Cache-Control', CACHE);
    sendMediaFile(res, `${uuid}/${file}`, { root, type, notFound: 'Clip file not found' });
  });
  return router;
}
