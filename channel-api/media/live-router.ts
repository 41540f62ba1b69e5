/**
 * GET /live/:asset/... — the 60 s loop served as a live stream that advances with the clock.
 * Playlists are computed per request (live-playlist.ts); segment n is file n mod 30, and
 * subtitle segments are cut from the loop's cues with an X-TIMESTAMP-MAP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Response, type Router } from 'express';
import { isLiveAsset, SEGMENT_SECONDS } from './assets.ts';
import { FILE_TYPES, NO_CACHE, PLAYLIST_TYPE, setCaching } from './http.ts';
import { liveMasterPlaylist, liveMediaPlaylist } from './live-playlist.ts';
import { COMPLETE_MARKER, mediaDirOf, type LiveMeta } from './prepare.ts';
import { liveSubtitleSegment, parseVtt, type Cue } from './vtt.ts';
import { sendRefusal } from '../http/errors.ts';

interface LiveLoop {
  dir: string;
  meta: LiveMeta;
  cues: Cue[];
}

/** Absolute segment numbers: digits only, and small enough to stay an exact integer. */
const SEGMENT = /^(\d{1,15})\.(ts|vtt)$/;

export function liveRouter(opts: { dataDir: string; now?: () => number }): Router {
  const router = express.Router();
  const now = opts.now ?? Date.now;
  const mediaDir = mediaDirOf(opts.dataDir);
  const loops = new Map<string, LiveLoop>();

  /** The loop's metadata and cues, read once it is complete; undefined while preparing. */
  function loadLoop(asset: string): LiveLoop | undefined {
    const cached = loops.get(asset);
    if (cached) return cached;
    const dir = path.join(mediaDir, asset);
    try {
      readFileSync(path.join(dir, COMPLETE_MARKER));
      const loop: LiveLoop = {
        dir,
        meta: JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as LiveMeta,
        cues: parseVtt(readFileSync(path.join(dir, 'captions.vtt'), 'utf8')),
      };
      loops.set(asset, loop);
      return loop;
    } catch {
      return undefined;
    }
  }

  function withLoop(asset: string, res: Response, handle: (loop: LiveLoop) => void): void {
    if (!isLiveAsset(asset)) return sendRefusal(res, 404, `Unknown live stream '${asset}'`);
    const loop = loadLoop(asset);
    if (!loop) {
      res.setHeader('Retry-After', '5');
      return sendRefusal(res, 503, 'Media is still being prepared');
    }
    handle(loop);
  }

  function sendPlaylist(res: Response, text: string): void {
    res.setHeader('Content-Type', PLAYLIST_TYPE);
    setCaching(res, NO_CACHE);
    // A Buffer, so Express does not append '; charset=utf-8' to the playlist type.
    res.send(Buffer.from(text, 'utf8'));
  }

  router.get('/live/:asset/master.m3u8', (req, res) => {
    withLoop(req.params.asset, res, ({ meta }) => sendPlaylist(res, liveMasterPlaylist(meta)));
  });

  router.get('/live/:asset/video.m3u8', (req, res) => {
    withLoop(req.params.asset, res, ({ meta }) => sendPlaylist(res, liveMediaPlaylist({ nowMs: now(), loopSegments: meta.segments }, 'video')));
  });

  router.get('/live/:asset/subs.m3u8', (req, res) => {
    withLoop(req.params.asset, res, ({ meta }) => sendPlaylist(res, liveMediaPlaylist({ nowMs: now(), loopSegments: meta.segments }, 'subtitles')));
  });

  router.get('/live/:asset/v/:segment', (req, res) => {
    const match = SEGMENT.exec(req.params.segment);
    if (!match || match[2] !== 'ts') return sendRefusal(res, 400, 'Invalid segment name');
    withLoop(req.params.asset, res, ({ dir, meta }) => {
      const file = `seg_${String(Number(match[1]) % meta.segments).padStart(3, '0')}.ts`;
      res.setHeader('Content-Type', FILE_TYPES.ts.type);
      // The URI carries the absolute number, so its content never changes.
      setCaching(res, FILE_TYPES.ts.cache);
      res.sendFile(file, { root: dir, cacheControl: false }, (error?: Error) => {
        if (error && !res.headersSent) sendRefusal(res, 404, 'Segment not found');
      });
    });
  });

  router.get('/live/:asset/s/:segment', (req, res) => {
    const match = SEGMENT.exec(req.params.segment);
    if (!match || match[2] !== 'vtt') return sendRefusal(res, 400, 'Invalid segment name');
    withLoop(req.params.asset, res, ({ meta, cues }) => {
      res.setHeader('Content-Type', FILE_TYPES.vtt.type);
      setCaching(res, FILE_TYPES.ts.cache);
      res.send(
        liveSubtitleSegment(cues, Number(match[1]), {
          segmentSeconds: SEGMENT_SECONDS,
          loopSegments: meta.segments,
          mpegtsOffset: meta.mpegtsOffset,
        }),
      );
    });
  });

  return router;
}
