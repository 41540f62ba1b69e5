/**
 * GET /live/:asset/... — the 60 s loop served as a live stream that advances with the clock: a
 * sliding window (master.m3u8) and each live game's DVR playlists from its kick-off
 * (<kickoff>-<duration>/master.m3u8, ADR 040). Playlists are computed per request
 * (live-playlist.ts) and compressed once (playlist-bytes.ts); segment n is file n mod 30, and
 * subtitle segments are cut from the loop's cues with an X-TIMESTAMP-MAP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Response, type Router } from 'express';
import { isLiveAsset, LIVE_EPOCH_MS, SEGMENT_SECONDS } from './assets.ts';
import { FILE_TYPES, sendMediaFile, setCaching } from './http.ts';
import {
  dvrMasterPlaylist,
  dvrMediaPlaylist,
  dvrShift,
  dvrShiftedWindow,
  dvrWindow,
  DVR_BACK_SECONDS,
  liveMasterPlaylist,
  MAX_DVR_GAME_SECONDS,
  liveMediaPlaylist,
  parseDvrPlaylistName,
  type DvrGame,
} from './live-playlist.ts';
import { sendPlaylist } from './playlist-bytes.ts';
import { COMPLETE_MARKER, mediaDirOf, type LiveMeta } from './prepare.ts';
import { liveSubtitleSegment, parseVtt, type Cue } from './vtt.ts';
import { DVR_STARTS, type DvrStart } from '../../contract/live-dvr.ts';
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

  router.get('/live/:asset/master.m3u8', (req, res) => {
    withLoop(req.params.asset, res, ({ meta }) => sendPlaylist(req, res, liveMasterPlaylist(meta)));
  });

  router.get('/live/:asset/video.m3u8', (req, res) => {
    withLoop(req.params.asset, res, ({ meta }) => sendPlaylist(req, res, liveMediaPlaylist({ nowMs: now(), loopSegments: meta.segments }, 'video')));
  });

  router.get('/live/:asset/subs.m3u8', (req, res) => {
    withLoop(req.params.asset, res, ({ meta }) => sendPlaylist(req, res, liveMediaPlaylist({ nowMs: now(), loopSegments: meta.segments }, 'subtitles')));
  });

  router.get('/live/:asset/v/:segment', (req, res) => {
    const match = SEGMENT.exec(req.params.segment);
    if (!match || match[2] !== 'ts') return sendRefusal(res, 400, 'Invalid segment name');
    withLoop(req.params.asset, res, ({ dir, meta }) => {
      const file = `seg_${String(Number(match[1]) % meta.segments).padStart(3, '0')}.ts`;
      // The URI carries the absolute number, so its content never changes: cached like any segment.
      sendMediaFile(res, file, { root: dir, type: FILE_TYPES.ts.type, cache: FILE_TYPES.ts.cache, notFound: 'Segment not found' });
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

  // A live game's DVR playlists (ADR 040): /live/<asset>/<kickoff>-<duration>/<file>. Registered
  // after v/ and s/, which the game pattern never matches anyway.
  router.get('/live/:asset/:game/:file', (req, res) => {
    const game = parseGame(req.params.game);
    if (!game) return sendRefusal(res, 400, 'Invalid live game: expected <kick-off>-<duration> in seconds');
    const file = dvrFile(req.params.file);
    if (!file) return sendRefusal(res, 404, 'Media file not found');
    withLoop(req.params.asset, res, ({ meta }) => {
      const clock = { nowMs: now(), loopSegments: meta.segments };
      if (!dvrWindow(game, clock)) return sendRefusal(res, 404, 'This game has not kicked off yet');
      // A start's master names the playlists that start a native player there: decided now, when
      // the player asks, so the page that names the master can be cached as it is.
      if ('start' in file) return sendPlaylist(req, res, dvrMasterPlaylist(meta, dvrShift(game, clock, file.start)));
      const { kind, behindSeconds } = file;
      // A shift reaches back to the kick-off at most (or the back-30 start's 30 s, early in a game).
      const played = Math.min(game.duration, Math.floor(clock.nowMs / 1000) - game.kickoff);
      if (behindSeconds > Math.max(DVR_BACK_SECONDS, played)) return sendRefusal(res, 404, 'This time shift starts before the game does');
      const window = dvrShiftedWindow(game, clock, behindSeconds)!;
      const text = dvrMediaPlaylist(game, clock, kind, behindSeconds) ?? '';
      sendPlaylist(req, res, text, `${req.params.asset}|${game.kickoff}-${game.duration}|${kind}|${window.last}|${window.ended}`);
    });
  });

  return router;
}

/** A live game's three masters, by start: master.m3u8 (live), back-30.m3u8, kickoff.m3u8. */
const DVR_MASTERS = new Map<string, DvrStart>(DVR_STARTS.map((start) => [start === 'live' ? 'master.m3u8' : `${start}.m3u8`, start]));

/** The files of a live game's DVR directory: a start's master, or a (time-shifted) media playlist. */
function dvrFile(name: string): { start: DvrStart } | { kind: 'video' | 'subtitles'; behindSeconds: number } | null {
  const start = DVR_MASTERS.get(name);
  return start ? { start } : parseDvrPlaylistName(name);
}

/** '<kickoff>-<duration>', both whole seconds; the kick-off after the live clock's epoch. */
export function parseGame(text: string): DvrGame | null {
  const m = /^(\d{1,12})-(\d{1,6})$/.exec(text);
  if (!m) return null;
  const game = { kickoff: Number(m[1]), duration: Number(m[2]) };
  if (game.duration < 1 || game.duration > MAX_DVR_GAME_SECONDS || game.kickoff * 1000 < LIVE_EPOCH_MS) return null;
  return game;
}
