import express, { type Router } from 'express';
import type { JobQueue } from './job-queue.ts';
import { sendRefusal } from '../http/errors.ts';
import { fromOperator } from '../http/operator.ts';

/** GET /ops/jobs: the job queue's failed jobs, newest first (`?limit=`, up to 500), for the
 *  operator only (`npm run jobs` asks it). */
export function jobsOpsRoute(jobs: JobQueue): Router {
  const router = express.Router();
  router.get('/ops/jobs', async (req, res, next) => {
    try {
      if (!fromOperator(req)) return void sendRefusal(res, 403, 'The job queue is for the operator only');
      const limit = typeof req.query.limit === 'string' && /^\d{1,3}$/.test(req.query.limit) ? Math.min(Math.max(Number(req.query.limit), 1), 500) : 100;
      res.set('cache-control', 'no-store').json({ data: { failed: await jobs.failed(limit) } });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
