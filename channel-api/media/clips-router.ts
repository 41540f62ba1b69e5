import path from 'node:path';
import express, { type Router } from 'express';
import { LRUCache } from 'lru-cache';
import { sendMediaFile } from './http.ts';
import { REGION_REFUSAL } from '../../contract/regions.ts';
import type { Db } from '../db/client.ts';
import type { Regions } from '../geo/regions.ts';
import { sendRefusal } from '../http/errors.ts';
import { clipBlackoutByUuid } from '../repo/clips.ts';

/*
 * GET /clips/<uuid>/{clip.mp4,preview.jpg,poster.jpg} (mounted at /media): a processed clip's
 * files, public to anyone holding the uuid (122 random bits: the share link's secret, ADR 039).
 * The directory exists only once the clip job renamed its finished files into place, and goes
 * when the clip is deleted; what a uuid names never changes, so caches may keep it — unless its
 * game is shown in some regions only (ADR 054): then it is refused from a region the game is not
 * shown in, and kept by the viewer's browser alone (a CDN cannot tell regions apart).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILES: Record<string, string> = { 'clip.mp4': 'video/mp4', 'preview.jpg': 'image/jpeg', 'poster.jpg': 'image/jpeg' };
const CACHE = 'public, max-age=31536000, immutable';
const REGIONAL_CACHE = 'private, max-age=31536000, immutable';
/** How long a clip's game's blackout is trusted. */
const BLACKOUT_TTL_MS = 30_000;

export function clipsRouter(opts: { dataDir: string; db: Db; regions: Regions }): Router {
  const router = express.Router();
  const root = path.join(path.resolve(opts.dataDir), 'clips');
  const blackouts = new LRUCache<string, Promise<string[]>>({ max: 10_000, ttl: BLACKOUT_TTL_MS });
  const blackoutOf = (uuid: string) => {
    let found = blackouts.get(uuid);
    if (!found) {
      found = clipBlackoutByUuid(opts.db, uuid).then((b) => b ?? []);
      blackouts.set(uuid, found);
    }
    return found;
  };
  router.get('/clips/:uuid/:file', (req, res, next) => {
    const { uuid, file } = req.params;
    const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
    if (!UUID.test(uuid) || !type) return sendRefusal(res, 404, 'Clip file not found');
    (async () => {
      const channel = await opts.regions.defaultChannel();
      const [geo, blackout] = await Promise.all([channel ? opts.regions.ofRequest(channel, req) : null, blackoutOf(uuid)]);
      if (geo && (geo.is_geo_blocked || blackout.includes(geo.country_code))) {
        res.setHeader('Cache-Control', 'no-store');
        return sendRefusal(res, 403, REGION_REFUSAL.message, REGION_REFUSAL.code);
      }
      const regional = blackout.length > 0 || (channel?.blockedCountries.length ?? 0) > 0;
      res.setHeader('Cache-Control', regional ? REGIONAL_CACHE : CACHE);
      sendMediaFile(res, `${uuid}/${file}`, { root, type, notFound: 'Clip file not found' });
    })().catch(next);
  });
  return router;
}
