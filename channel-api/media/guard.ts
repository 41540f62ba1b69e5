import type { RequestHandler } from 'express';
import { grantCookies } from './grants.ts';
import { REGION_REFUSAL } from '../../contract/regions.ts';
import type { Regions } from '../geo/regions.ts';
import { sendRefusal } from '../http/errors.ts';
import { scopeOfPath } from '../media-urls.ts';
import type { Admission, MediaAccess } from '../services/media-access.ts';

/* In front of the media routers (mounted at /media): a file of an asset that is not public is
   served only on a media grant for it (services/media-access.ts, ADR 026); anything else is a 403
   that says why, and nothing of the file. A path that names no asset passes on to the routers,
   which refuse it themselves. */

const REASONS: Record<Exclude<Admission, 'public' | 'granted'>, string> = {
  'no grant': 'This video is for fans who may watch it: open its page on the site to play it.',
  'not signed': 'This media grant is not valid.',
  expired: 'This media grant has expired: reload the page of the video to play it again.',
  'another asset': 'This media grant is for another video.',
  'not entitled': 'This media grant no longer holds: its session has ended, or its fan may not watch this video now.',
  'blocked region': REGION_REFUSAL.message,
};

export function mediaGuard(access: MediaAccess, regions: Regions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const scope = scopeOfPath(req.path);
    if (!scope) return next();
    // The region of the request: the media is the default channel's.
    regions
      .defaultChannel()
      .then(async (channel) => {
        if (!channel) return 'no grant' as const;
        return access.admit(scope, grantCookies(req.headers.cookie), await regions.ofRequest(channel, req));
      })
      .then((admission) => {
        if (admission === 'public') return next();
        if (admission === 'granted') {
          res.locals.granted = true;
          return next();
        }
        res.setHeader('Cache-Control', 'no-store');
        sendRefusal(res, 403, REASONS[admission], admission === 'blocked region' ? REGION_REFUSAL.code : undefined);
      })
      .catch(next);
  };
}
