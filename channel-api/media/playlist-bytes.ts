/**
 * Live playlists, compressed once. A live game's DVR playlist lists every segment since its
 * kick-off (two hours: 3,600 segments, ~300 KB of text) and every viewer asks for it every 2 s;
 * it is the same text for all of them until the next segment, so each encoding of it is made
 * once (ADR 031's compress-once, here in the channel API: the web's /media proxy passes
 * Content-Encoding through) and kept until the text changes.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { NO_CACHE, PLAYLIST_TYPE, setCaching } from './http.ts';

type Encoding = 'br' | 'gzip' | 'identity';

/** Below this a playlist goes as it is: compressing a few lines saves nothing. */
const MIN_BYTES = 1024;

const kept = new LRUCache<string, Buffer>({ max: 512, maxSize: 32 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

function encode(text: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    });
  }
  return encoding === 'gzip' ? gzipSync(text, { level: 6 }) : text;
}

/** Sends a playlist, compressed as the request accepts; `key` names this text (the same key,
 *  the same text), so its encodings are made once. */
export function sendPlaylist(req: Request, res: Response, text: string, key?: string): void {
  const body = Buffer.from(text, 'utf8');
  res.setHeader('Content-Type', PLAYLIST_TYPE);
  setCaching(res, NO_CACHE);
  res.setHeader('Vary', 'Accept-Encoding');
  const accepted = body.length < MIN_BYTES ? false : req.acceptsEncodings('br', 'gzip');
  const encoding: Encoding = accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
  let bytes: Buffer = body;
  if (encoding !== 'identity') {
    const cacheKey = key ? `${encoding}|${key}` : null;
    const cached = cacheKey ? kept.get(cacheKey) : undefined;
    bytes = cached ?? encode(body, encoding);
    if (cacheKey && !cached) kept.set(cacheKey, bytes);
    res.setHeader('Content-Encoding', encoding);
  }
  res.setHeader('Content-Length', String(bytes.length));
  // A Buffer, so Express does not append '; charset=utf-8' to the playlist type.
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
