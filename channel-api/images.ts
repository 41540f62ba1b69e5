import { eq } from 'drizzle-orm';
import express from 'express';
import type { Db } from './db/client.ts';
import { images } from './db/schema.ts';

/** Generated SVGs (logos, posters, slides) at /media/images/<name>.svg; mounted before the media router. */
export function imagesRouter(db: Db): express.Router {
  const router = express.Router();
  router.get('/:name.svg', async (req, res, next) => {
    // Image names are plain; anything else is not one of ours (and is never looked up).
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(req.params.name)) return next();
    try {
      const [row] = await db.select({ svg: images.svg }).from(images).where(eq(images.name, req.params.name)).limit(1);
      if (!row) return next();
      res.set({ 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff' });
      res.send(row.svg);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
