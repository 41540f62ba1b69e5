import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import express from 'express';
import { LRUCache } from 'lru-cache';
import type { Db } from './db/client.ts';
import { images } from './db/schema.ts';
import { ffmpegPath, runFfmpegOutput } from './media/ffmpeg.ts';

/* A channel's generated images (logos, posters, slides; ADR 024). Each is stored once, as SVG, and
   served two ways:
   - /media/images/<name>.svg  — the vector as stored;
   - /media/images/<name>.webp — a lossless WebP drawn from it by ffmpeg (librsvg) on the first
     request and kept in memory. A browser decodes a raster off the main thread, while every SVG
     <img> is a whole document to parse, lay out and paint on it. The demo channel points its
     logos here; its posters stay SVG, 15 times lighter where they are the largest paint.
   Where this machine's ffmpeg cannot draw SVG (the npm static build has no librsvg), the .webp
   URL answers the SVG itself, with its own Content-Type, so pages still show their artwork.
   An SVG goes compressed as the request accepts (Brotli, else gzip): a game's poster is about
   2.9 kB of text and 0.75 kB in Brotli, and it is a card's first picture. */

const NAME = /^[A-Za-z0-9_-]{1,100}$/;
const CACHING = { 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff' };
const SVG_HEADERS = { ...CACHING, 'Content-Type': 'image/svg+xml; charset=utf-8' };
const WEBP_HEADERS = { ...CACHING, 'Content-Type': 'image/webp' };
/** Rasters kept per router, by bytes: a channel has tens of images of a few kB each. */
const RASTER_CACHE_BYTES = 32 * 1024 * 1024;

/** Draws an SVG as a WebP, or null when it cannot be drawn here. */
export type DrawWebp = (svg: string) => Promise<Buffer | null>;

/** Mounted before the media router. */
export function imagesRouter(db: Db, draw: DrawWebp = drawWebp): express.Router {
  const router = express.Router();
  const rasters = new LRUCache<string, Buffer, string>({
    maxSize: RASTER_CACHE_BYTES,
    sizeCalculation: (webp) => webp.length,
    // One drawing per SVG however many requests arrive meanwhile; a failed one is not kept.
    fetchMethod: async (_hash, _stale, { context: svg }) => (await draw(svg)) ?? undefined,
  });

  async function storedSvg(name: string): Promise<string | null> {
    // Image names are plain; anything else is not one of ours (and is never looked up).
    if (!NAME.test(name)) return null;
    const [row] = await db.select({ svg: images.svg }).from(images).where(eq(images.name, name)).limit(1);
    return row?.svg ?? null;
  }

  // Each SVG's compressed forms, made once: a few kB each, tens of them per channel.
  const packed = new LRUCache<string, Buffer>({ maxSize: RASTER_CACHE_BYTES, sizeCalculation: (b) => b.length });
  const sendSvg = (req: express.Request, res: express.Response, svg: string) => {
    res.set(SVG_HEADERS).vary('Accept-Encoding');
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding !== 'br' && encoding !== 'gzip') return void res.send(svg);
    const key = `${encoding}:${createHash('sha256').update(svg).digest('base64url')}`;
    let body = packed.get(key);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(svg) : gzipSync(svg, { level: 9 });
      packed.set(key, body);
    }
    res.set('Content-Encoding', encoding).send(body);
  };

  router.get('/:name.svg', async (req, res, next) => {
    try {
      const svg = await storedSvg(req.params.name);
      if (svg === null) return next();
      sendSvg(req, res, svg);
    } catch (error) {
      next(error);
    }
  });

  router.get('/:name.webp', async (req, res, next) => {
    try {
      const svg = await storedSvg(req.params.name);
      if (svg === null) return next();
      const webp = await rasters.fetch(createHash('sha256').update(svg).digest('base64url'), { context: svg });
      // Where it cannot be drawn, the SVG itself, under its own type.
      if (webp) res.set(WEBP_HEADERS).send(webp);
      else sendSvg(req, res, svg);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

const svgDecoder = new Map<string, Promise<boolean>>();

/** Whether this ffmpeg has an SVG decoder (librsvg); asked once per binary. */
export function canDrawSvg(bin = ffmpegPath()): Promise<boolean> {
  let known = svgDecoder.get(bin);
  if (!known) {
    known = runFfmpegOutput(['-decoders'], bin).then(
      ({ stdout }) => {
        const yes = /\(codec svg\)|^\s*V\S*\s+svg\s/m.test(stdout.toString('utf8'));
        if (!yes) console.warn(`channel-api: ${bin} cannot draw SVG (no librsvg); /media/images/*.webp answers the SVG itself`);
        return yes;
      },
      () => false,
    );
    svgDecoder.set(bin, known);
  }
  return known;
}

/** The SVG drawn at its own size as a lossless WebP (flat artwork: smaller than lossy, and sharp). */
export async function drawWebp(svg: string, bin = ffmpegPath()): Promise<Buffer | null> {
  if (!(await canDrawSvg(bin))) return null;
  // ffmpeg reads SVG from a file (its piped SVG input cannot find a frame size).
  const dir = await mkdtemp(join(tmpdir(), 'fieldhouse-svg-'));
  try {
    const file = join(dir, 'image.svg');
    await writeFile(file, svg);
    const args = ['-loglevel', 'error', '-i', file, '-frames:v', '1', '-c:v', 'libwebp', '-lossless', '1', '-f', 'webp', 'pipe:1'];
    const { code, stdout, stderr } = await runFfmpegOutput(args, bin);
    if (code === 0 && stdout.length > 0) return stdout;
    console.warn(`channel-api: could not draw an image as WebP: ${stderr.trim().split('\n').slice(-2).join(' | ')}`);
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
