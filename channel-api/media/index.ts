/**
 * Media for the reference channel API: `prepareMedia` makes the demo renditions once;
 * `mediaRouter` serves them (mounted at /media):
 *   /vod/<asset>/master.m3u8 | <rendition>.m3u8 | <rendition>_NNN.ts | video.mp4 | captions.vtt
 *   /live/live/master.m3u8 | video.m3u8 | subs.m3u8 | v/<n>.ts | s/<n>.vtt
 *   /live/<asset>/<kickoff>-<duration>/…: a real live game's DVR playlists (dvr-games.ts)
 *   …/preroll-<id>/…: a game's stream with a pre-roll stitched in front (preroll-router.ts)
 */
import express, { type ErrorRequestHandler, type Router } from 'express';
import { dvrGameGuard, type DvrGames } from './dvr-games.ts';
import { liveRouter } from './live-router.ts';
import { momentsNotKept } from './preroll-moments.ts';
import { prerollRouter, type PrerollRouterOptions } from './preroll-router.ts';
import { vodRouter } from './vod-router.ts';
import { sendRefusal } from '../http/errors.ts';

export { prepareMedia } from './prepare.ts';

export function mediaRouter(
  opts: { dataDir: string; now?: () => number; games: DvrGames } & Partial<Pick<PrerollRouterOptions, 'preroll' | 'moments'>>,
): Router {
  const router = express.Router();
  // A live game's DVR address answers only for a real game (ADR 057), before anything is computed.
  router.use(dvrGameGuard(opts.games, opts.now));
  // A game's stitched variants (ADR 050) sit one level below its files: before the game's routers.
  router.use(prerollRouter({ dataDir: opts.dataDir, now: opts.now, preroll: opts.preroll ?? (async () => null), moments: opts.moments ?? momentsNotKept }));
  router.use(vodRouter(opts));
  router.use(liveRouter(opts));
  // No catch-all 404 here: other routers (images) are mounted at /media too.
  // e.g. a malformed %-escape in a file name: a 400 with the usual body, never a 500 page.
  const onError: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = error.status ?? error.statusCode ?? 500;
    sendRefusal(res, status >= 400 && status < 500 ? status : 500, status < 500 ? 'Bad media request' : 'Media error');
  };
  router.use(onError);
  return router;
}
