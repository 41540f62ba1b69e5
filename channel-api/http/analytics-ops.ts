import express, { type Router } from 'express';
import { sendRefusal } from './errors.ts';
import { fromOperator } from './operator.ts';
import { TRK_PATTERN } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { recordsOfVisitorOrCode } from '../services/datalake.ts';

/** GET /ops/analytics?visitor=<hash> or ?trk=<code>: what the analytics tables hold of one visitor
 *  or one tracking code, for the operator on the channel API's own loopback address only (as
 *  /ops/jobs). The report's raw rows; the e2e tests read what a browsing session recorded. */
export function analyticsOpsRoute(db: Db): Router {
  const router = express.Router();
  router.get('/ops/analytics', async (req, res, next) => {
    try {
      if (!fromOperator(req)) return void sendRefusal(res, 403, 'The analytics records are for the operator only');
      const { visitor, trk } = req.query;
      const by =
        typeof visitor === 'string' && /^[A-Za-z0-9_-]{22}$/.test(visitor) ? { visitor } : typeof trk === 'string' && TRK_PATTERN.test(trk) ? { trk } : null;
      if (!by) return void sendRefusal(res, 400, 'Name a visitor hash (visitor=…) or a tracking code (trk=…)');
      res.set('cache-control', 'no-store').json({ data: await recordsOfVisitorOrCode(db, by) });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
