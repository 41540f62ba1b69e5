import type { Request, RequestHandler } from 'express';
import express from 'express';
import { z } from 'zod';
import type { AnalyticsSink } from './sink.ts';
import { visitorFields } from './sink.ts';
import { gameOfReferer } from '../../app/domain/analytics.ts';
import { id, int, MAX_VIEWING_SECONDS, streamOfMediaPath, VIDEO_EVENTS, type datalakeVideoEvent, type ParamsOf } from '../../contract/index.ts';

/* POST /analytics/video: what a playing player reports (app/browser/video-analytics.ts), passed on to
   the channel with this server's own key (the browser never calls the channel API): its events
   (play, pause, ended, seek…) at once, its heartbeats (seconds played) with the next batch. Same
   origin only (server/guards.ts postGuard); a report that makes no sense is a 400 that changes
   nothing. Answers 204: the player waits for nothing. */

const stream = z
  .string()
  .max(300)
  .refine((s) => streamOfMediaPath(s) !== null, 'must be a media path');
export const videoReport = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('event'),
      name: z.enum(VIDEO_EVENTS),
      stream,
      event_id: id.optional(),
      vod_id: id.optional(),
      position: int(0, 604_800).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('viewing'), stream, event_id: id.optional(), vod_id: id.optional(), seconds: int(1, MAX_VIEWING_SECONDS) }).strict(),
]);

type VideoEventCall = (params: ParamsOf<typeof datalakeVideoEvent>) => Promise<unknown>;

export function videoBeacon(opts: {
  sink: AnalyticsSink;
  videoEvent: VideoEventCall;
  clientIp: (req: Request) => string;
  log?: (m: string) => void;
}): RequestHandler[] {
  const log = opts.log ?? ((m) => console.warn(m));
  return [
    express.json({ limit: '2kb' }),
    (req, res) => {
      const parsed = videoReport.safeParse(req.body);
      if (!parsed.success) return void res.status(400).set('Cache-Control', 'no-store').type('text').send('Not a video report.');
      const report = parsed.data;
      const who = visitorFields(opts.clientIp(req), req.get('user-agent'));
      // The game is the one the page names (a watch page's Referer), unless the report says.
      const game = report.event_id ?? gameOfReferer(req.get('referer'));
      const ids = { ...(game ? { event_id: game } : {}), ...(report.vod_id ? { vod_id: report.vod_id } : {}) };
      if (report.kind === 'viewing') opts.sink.viewing({ stream_id: report.stream, seconds: report.seconds, source: 'player', ...ids, ...who });
      else
        opts
          .videoEvent({ name: report.name, stream_id: report.stream, ...(report.position !== undefined ? { position: report.position } : {}), ...ids, ...who })
          .catch((error: unknown) => log(`[analytics] a video event was lost: ${error instanceof Error ? error.message : String(error)}`));
      res.status(204).set('Cache-Control', 'no-store').end();
    },
  ];
}
