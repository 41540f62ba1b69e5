/**
 * The stitched variants of a game's stream (ADR 050), beside the game's own files:
 *   /vod/<asset>/preroll-<id>/master.m3u8 | <rendition>.m3u8 | captions.vtt | ad/<file> | after-ad/<file>
 *   /live/<asset>/<kickoff>-<duration>/preroll-<id>/master.m3u8 | back-30.m3u8 | kickoff.m3u8
 *       | video-<first>-<since>.m3u8 | subs-<first>-<since>.m3u8 | video.m3u8 | subs.m3u8
 *       | ad/<file> | ad/blank.vtt | after-ad/<n>.ts
 * The same asset scope as the game (its grant opens both), its own URLs (a cache never mixes the
 * two), and the playlists computed from the game's and the ad's (media/stitch.ts).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type Response, type Router } from 'express';
import { isLiveAsset, isVodAsset, LIVE_EPOCH_MS, SEGMENT_SECONDS, VOD_MAIN_RENDITION, VOD_RENDITIONS } from './assets.ts';
import { FILE_TYPES, sendMediaFile, setCaching } from './http.ts';
import { dvrMasterPlaylist, dvrMediaPlaylist, dvrWindow, liveMasterPlaylist } from './live-playlist.ts';
import { DVR_BACK_SECONDS } from './live-playlist.ts';
import { parseGame } from './live-router.ts';
import { sendPlaylist } from './playlist-bytes.ts';
import { COMPLETE_MARKER, mediaDirOf, type LiveMeta } from './prepare.ts';
import { isAdName, readAdMedia, prerollMediaDir, type AdMedia, type AdSegment } from './preroll-media.ts';
import type { PrerollMomentName, PrerollMoments } from './preroll-moments.ts';
import { BLANK_VTT, liveEntriesListed, padSubtitles, shiftCaptions, stitchPlaylist, writePlaylist, type Entry } from './stitch.ts';
import type { StoredPreroll } from '../../contract/prerolls.ts';
import { sendRefusal } from '../http/errors.ts';

export interface PrerollRouterOptions {
  dataDir: string;
  now?: () => number;
  /** The channel's pre-roll of this id (its list, cached), or null. */
  preroll: (id: number) => Promise<StoredPreroll | null>;
  moments: PrerollMoments;
}

const DIR = /^preroll-([1-9]\d{0,8})$/;
const RENDITION_PLAYLIST = new Map(VOD_RENDITIONS.map((r) => [`${r.name}.m3u8`, r.name]));
const SEGMENT_FILE = /^[a-z0-9][a-z0-9_-]{0,63}\.ts$/;
/** What the first segment of an ad's rendition is called (ffmpeg's hls muxer: <r>_000.ts). */
const FIRST_AD_SEGMENT = /_000\.ts$/;
/** The first game segment and the viewer's start in a live stitched playlist's name. */
const LIVE_STITCHED = /^(video|subs)-(\d{1,15})-(\d{1,12})\.m3u8$/;
/** Never shared by a cache: each fetch is a count (impression, completion). */
const COUNTED = 'private, max-age=3600';

export function prerollRouter(opts: PrerollRouterOptions): Router {
  const router = express.Router();
  const now = opts.now ?? Date.now;
  const mediaDir = mediaDirOf(opts.dataDir);

  /** The pre-roll a `preroll-<id>` directory names, with its ad's segments; otherwise the refusal
   *  is sent and null comes back. */
  async function resolve(dir: string, res: Response): Promise<{ preroll: StoredPreroll; ad: AdMedia } | null> {
    const m = DIR.exec(dir);
    const preroll = m ? await opts.preroll(Number(m[1])) : null;
    if (!preroll) {
      sendRefusal(res, 404, 'No such pre-roll');
      return null;
    }
    const ad = readAdMedia(opts.dataDir, preroll.ad);
    if (!ad) {
      res.setHeader('Retry-After', '5');
      sendRefusal(res, 503, 'The ad is still being prepared');
      return null;
    }
    return { preroll, ad };
  }

  const count = (name: PrerollMomentName, preroll: StoredPreroll, scope: string) =>
    opts.moments({ name, preroll_id: preroll.id, scope, user_id: null, at: now() });

  /** An ad's segment, counted as an impression when it is the first of its rendition. */
  function sendAdFile(res: Response, preroll: StoredPreroll, file: string, scope: string) {
    if (!SEGMENT_FILE.test(file)) return sendRefusal(res, 404, 'Media file not found');
    const first = FIRST_AD_SEGMENT.test(file);
    if (first) count('preroll_impression', preroll, scope);
    sendMediaFile(res, file, {
      root: path.join(prerollMediaDir(opts.dataDir), preroll.ad),
      type: FILE_TYPES.ts.type,
      cache: first ? COUNTED : FILE_TYPES.ts.cache,
      notFound: 'Media file not found',
    });
  }

  const vodReady = (asset: string) => {
    try {
      readFileSync(path.join(mediaDir, asset, COMPLETE_MARKER));
      return true;
    } catch {
      return false;
    }
  };

  // An ad's own files (the settings' video_url): public, never changing under their name.
  router.get('/prerolls/:ad/:file', (req, res) => {
    const { ad, file } = req.params;
    const rendition = RENDITION_PLAYLIST.get(file);
    if (!isAdName(ad) || (!rendition && !SEGMENT_FILE.test(file))) return sendRefusal(res, 404, 'Media file not found');
    if (!readAdMedia(opts.dataDir, ad)) return sendRefusal(res, 404, 'No such ad');
    const kind = rendition ? FILE_TYPES.m3u8 : FILE_TYPES.ts;
    sendMediaFile(res, file, { root: path.join(prerollMediaDir(opts.dataDir), ad), type: kind.type, cache: kind.cache, notFound: 'Media file not found' });
  });

  // On-demand games.
  router.get('/vod/:asset/:dir/:file', (req, res, next) => {
    const { asset, dir, file } = req.params;
    if (!DIR.test(dir)) return next();
    if (!isVodAsset(asset)) return sendRefusal(res, 404, `Unknown media asset '${asset}'`);
    void (async () => {
      const found = await resolve(dir, res);
      if (!found) return;
      if (!vodReady(asset)) {
        res.setHeader('Retry-After', '5');
        return sendRefusal(res, 503, 'Media is still being prepared');
      }
      const gameDir = path.join(mediaDir, asset);
      // The game's own master: its relative URIs name this directory's stitched renditions.
      if (file === 'master.m3u8') return sendPlaylist(req, res, await readFile(path.join(gameDir, 'master.m3u8'), 'utf8'));
      const rendition = RENDITION_PLAYLIST.get(file);
      if (rendition) {
        const game = await readFile(path.join(gameDir, file), 'utf8');
        const text = stitchPlaylist(game, found.ad.renditions[rendition], {
          ad: (f) => `ad/${f}`,
          game: (uri, first) => (first ? `after-ad/${uri}` : `../${uri}`),
        });
        return sendPlaylist(req, res, text, `vod|${asset}|${found.preroll.ad}|${rendition}`);
      }
      if (file === 'captions.vtt') {
        const vtt = shiftCaptions(await readFile(path.join(gameDir, 'captions.vtt'), 'utf8'), found.ad.duration);
        res.setHeader('Content-Type', FILE_TYPES.vtt.type);
        setCaching(res, FILE_TYPES.vtt.cache);
        return void res.send(vtt);
      }
      sendRefusal(res, 404, 'Media file not found');
    })().catch(next);
  });

  router.get('/vod/:asset/:dir/:part/:file', (req, res, next) => {
    const { asset, dir, part, file } = req.params;
    if (!DIR.test(dir)) return next();
    if (!isVodAsset(asset) || (part !== 'ad' && part !== 'after-ad')) return sendRefusal(res, 404, 'Media file not found');
    void (async () => {
      const found = await resolve(dir, res);
      if (!found) return;
      const scope = `vod/${asset}`;
      if (part === 'ad') return sendAdFile(res, found.preroll, file, scope);
      if (!SEGMENT_FILE.test(file)) return sendRefusal(res, 404, 'Media file not found');
      count('preroll_complete', found.preroll, scope);
      sendMediaFile(res, file, { root: path.join(mediaDir, asset), type: FILE_TYPES.ts.type, cache: COUNTED, notFound: 'Media file not found' });
    })().catch(next);
  });

  // Live games (their DVR stream, ADR 040).
  const liveMeta = (asset: string): LiveMeta | null => {
    try {
      readFileSync(path.join(mediaDir, asset, COMPLETE_MARKER));
      return JSON.parse(readFileSync(path.join(mediaDir, asset, 'meta.json'), 'utf8')) as LiveMeta;
    } catch {
      return null;
    }
  };

  router.get('/live/:asset/:game/:dir/:file', (req, res, next) => {
    const { asset, dir, file } = req.params;
    if (!DIR.test(dir)) return next();
    const game = parseGame(req.params.game);
    if (!isLiveAsset(asset) || !game) return sendRefusal(res, 404, 'Media file not found');
    void (async () => {
      const found = await resolve(dir, res);
      if (!found) return;
      const meta = liveMeta(asset);
      if (!meta) {
        res.setHeader('Retry-After', '5');
        return sendRefusal(res, 503, 'Media is still being prepared');
      }
      const nowMs = now();
      const clock = { nowMs, loopSegments: meta.segments };
      const window = dvrWindow(game, clock);
      if (!window) return sendRefusal(res, 404, 'This game has not kicked off yet');
      const ad = found.ad.renditions[VOD_MAIN_RENDITION.name];
      const start = LIVE_MASTERS.get(file);
      if (start !== undefined) {
        // Over: the whole game after the ad, on demand. Live: the viewer's own stream from now.
        if (window.ended) return sendPlaylist(req, res, dvrMasterPlaylist(meta, 0));
        const first = Math.max(window.first, window.last - 2 - (start === 'back-30' ? DVR_BACK_SECONDS / SEGMENT_SECONDS : 0));
        const from = start === 'kickoff' ? window.first : first;
        const since = Math.floor(nowMs / 1000);
        return sendPlaylist(req, res, liveMasterPlaylist(meta, { video: `video-${from}-${since}.m3u8`, subtitles: `subs-${from}-${since}.m3u8` }));
      }
      const uris = {
        ad: (f: string) => `ad/${f}`,
        game: (uri: string, first: boolean) => (first && uri.startsWith('../v/') ? `after-ad/${uri.slice(5)}` : `../${uri}`),
        blank: 'ad/blank.vtt',
      };
      if (file === 'video.m3u8' || file === 'subs.m3u8') {
        const kind = file === 'video.m3u8' ? 'video' : 'subtitles';
        const text = dvrMediaPlaylist(game, clock, kind) ?? '';
        return sendPlaylist(req, res, kind === 'video' ? stitchPlaylist(text, ad, uris) : padSubtitles(text, ad, uris));
      }
      const m = LIVE_STITCHED.exec(file);
      const from = m ? Number(m[2]) : NaN;
      const since = m ? Number(m[3]) : NaN;
      if (!m || from < window.first || from > window.last || since * 1000 > nowMs || since < game.kickoff || nowMs - since * 1000 > 86_400_000) {
        return sendRefusal(res, 404, 'Media file not found');
      }
      const kind = m[1] === 'video' ? 'video' : 'subtitles';
      const final = window.first + Math.max(1, Math.ceil(game.duration / SEGMENT_SECONDS)) - 1;
      const listed = liveEntriesListed({
        adSegments: ad.length,
        gameSegments: final - from + 1,
        releasedAt: since,
        now: nowMs / 1000,
        segmentSeconds: SEGMENT_SECONDS,
      });
      sendPlaylist(req, res, liveStitched({ ad, kind, from, final, listed, newest: window.last, loopSegments: meta.segments }));
    })().catch(next);
  });

  router.get('/live/:asset/:game/:dir/:part/:file', (req, res, next) => {
    const { asset, dir, part, file } = req.params;
    if (!DIR.test(dir)) return next();
    if (!isLiveAsset(asset) || !parseGame(req.params.game) || (part !== 'ad' && part !== 'after-ad')) return sendRefusal(res, 404, 'Media file not found');
    void (async () => {
      const found = await resolve(dir, res);
      if (!found) return;
      const scope = `live/${asset}`;
      if (part === 'ad' && file === 'blank.vtt') {
        res.setHeader('Content-Type', FILE_TYPES.vtt.type);
        setCaching(res, FILE_TYPES.ts.cache);
        return void res.send(BLANK_VTT);
      }
      if (part === 'ad') return sendAdFile(res, found.preroll, file, scope);
      const n = /^(\d{1,15})\.ts$/.exec(file);
      const meta = liveMeta(asset);
      if (!n || !meta) return sendRefusal(res, 404, 'Media file not found');
      count('preroll_complete', found.preroll, scope);
      const segment = `seg_${String(Number(n[1]) % meta.segments).padStart(3, '0')}.ts`;
      sendMediaFile(res, segment, { root: path.join(mediaDir, asset), type: FILE_TYPES.ts.type, cache: COUNTED, notFound: 'Segment not found' });
    })().catch(next);
  });

  return router;
}

const LIVE_MASTERS = new Map<string, 'live' | 'back-30' | 'kickoff'>([
  ['master.m3u8', 'live'],
  ['back-30.m3u8', 'back-30'],
  ['kickoff.m3u8', 'kickoff'],
]);

/** A live viewer's stitched playlist: the ad, then the game from segment `from`, `listed`
 *  entries in all (stitch.ts liveEntriesListed), never past the newest complete segment; ends
 *  with the game. An EVENT playlist: it only grows. */
export function liveStitched(o: {
  ad: readonly AdSegment[];
  kind: 'video' | 'subtitles';
  from: number;
  final: number;
  listed: number;
  newest: number;
  loopSegments: number;
  epochMs?: number;
}): string {
  const epochMs = o.epochMs ?? LIVE_EPOCH_MS;
  const entries: Entry[] = o.ad.slice(0, o.listed).map((s) => ({ tags: [], duration: s.duration, uri: o.kind === 'video' ? `ad/${s.uri}` : 'ad/blank.vtt' }));
  const last = Math.min(o.newest, o.final, o.from + (o.listed - o.ad.length) - 1);
  for (let n = o.from; n <= last; n++) {
    const tags = n === o.from || n % o.loopSegments === 0 ? ['#EXT-X-DISCONTINUITY'] : [];
    tags.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(epochMs + n * SEGMENT_SECONDS * 1000).toISOString()}`);
    const uri = o.kind === 'subtitles' ? `../../s/${n}.vtt` : n === o.from ? `after-ad/${n}.ts` : `../../v/${n}.ts`;
    entries.push({ tags, duration: SEGMENT_SECONDS, uri });
  }
  const longest = Math.max(SEGMENT_SECONDS, ...o.ad.map((s) => Math.ceil(s.duration)));
  return writePlaylist({ version: 6, targetDuration: longest, playlistType: 'EVENT', entries, ended: last >= o.final && o.listed >= o.ad.length + 1 });
}
