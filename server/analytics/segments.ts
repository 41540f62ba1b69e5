import type http from 'node:http';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { AnalyticsSink } from './sink.ts';
import { visitorFields } from './sink.ts';
import { gameOfReferer, playlistDurations } from '../../app/domain/analytics.ts';
import { isSegmentPath, streamOfMediaPath } from '../../contract/analytics.ts';

/* Viewing time counted from the media a viewer fetches through /media (ADR 049), so a fan without
   JavaScript (whose browser plays HLS itself) is counted too. A segment counts its duration, as
   its playlist says (each media playlist that passes is read, at most once per PLAYLIST_REREAD_MS),
   once per viewer however often it is fetched again; the game is the watch page's that asked
   (Referer), else the channel works it out from the stream. The player's heartbeats add to the
   same view in their own column (the channel keeps the larger): one viewing counts once. */

const PLAYLIST_REREAD_MS = 20_000;
const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024;

export interface SegmentCounter {
  /** The upstream answer to a media file request (the proxy's path, after /media). */
  observe(req: http.IncomingMessage, path: string, up: http.IncomingMessage): void;
}

export function segmentCounter(sink: AnalyticsSink, clientIp: (req: http.IncomingMessage) => string): SegmentCounter {
  const durations = new LRUCache<string, number>({ max: 100_000 });
  const targets = new LRUCache<string, number>({ max: 10_000 });
  const readAt = new LRUCache<string, number>({ max: 10_000, ttl: PLAYLIST_REREAD_MS });
  // Viewer and segment: a segment fetched again (a seek back, a retry) counts once.
  const counted = new LRUCache<string, true>({ max: 200_000, ttl: 15 * 60_000 });

  function learn(path: string, up: http.IncomingMessage) {
    if (readAt.has(path)) return;
    readAt.set(path, Date.now());
    const chunks: Buffer[] = [];
    let size = 0;
    up.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PLAYLIST_BYTES) chunks.push(chunk);
    });
    up.once('end', () => {
      if (size > MAX_PLAYLIST_BYTES) return;
      decode(Buffer.concat(chunks), String(up.headers['content-encoding'] ?? ''), (text) => {
        const { segments, target } = playlistDurations(text, path);
        for (const [segment, seconds] of segments) durations.set(segment, seconds);
        const stream = streamOfMediaPath(path);
        if (stream && target) targets.set(stream.stream_id, target);
      });
    });
  }

  return {
    observe(req, path, up) {
      const status = up.statusCode ?? 0;
      if (req.method !== 'GET' || (status !== 200 && status !== 206)) return;
      if (path.endsWith('.m3u8')) return learn(path, up);
      if (!isSegmentPath(path)) return;
      // A byte range counts once, with its first bytes.
      const range = req.headers.range;
      if (status === 206 && range && !/^bytes=0-/.test(range)) return;
      const stream = streamOfMediaPath(path)!;
      const seconds = durations.get(path) ?? targets.get(stream.stream_id);
      if (!seconds) return;
      const visitor = visitorFields(clientIp(req), req.headers['user-agent']);
      const key = `${visitor.ip}\n${visitor.user_agent}\n${path}`;
      if (counted.has(key)) return;
      counted.set(key, true);
      const game = gameOfReferer(req.headers.referer);
      sink.viewing({
        stream_id: stream.stream_id,
        seconds: Math.max(1, Math.round(seconds)),
        source: 'segments',
        ...(game ? { event_id: game } : {}),
        ...visitor,
      });
    },
  };
}

function decode(body: Buffer, encoding: string, then: (text: string) => void) {
  const done = (error: Error | null, text: Buffer) => {
    if (!error) then(text.toString('utf8'));
  };
  if (encoding === 'gzip') zlib.gunzip(body, done);
  else if (encoding === 'br') zlib.brotliDecompress(body, done);
  else if (encoding === 'deflate') zlib.inflate(body, done);
  else then(body.toString('utf8'));
}
