import type http from 'node:http';
import { recordingPageViews } from './page-views.ts';
import { segmentCounter } from './segments.ts';
import { analyticsSink } from './sink.ts';
import { videoBeacon } from './video-beacon.ts';
import { serverCall } from '../../app/channel/server-call.server.ts';
import { api } from '../../contract/index.ts';

/* The web server's part of the channel's analytics (ADR 049): page views, viewing time from media
   segments, and the player's reports, all sent to the channel's datalake with this server's own
   api key, in the background. Off with ANALYTICS=off. */

/** How long a batch may take before it is given up (a page never waits for it). */
const SEND_TIMEOUT_MS = 5_000;

export function startAnalytics(clientIp: (req: http.IncomingMessage) => string) {
  const signal = () => AbortSignal.timeout(SEND_TIMEOUT_MS);
  const sink = analyticsSink({
    events: (events) => serverCall(api.datalakeEvents, { events }, { signal: signal() }),
    viewings: (views) => serverCall(api.datalakeViewings, { views }, { signal: signal() }),
  });
  return {
    sink,
    segments: segmentCounter(sink, clientIp),
    beacon: videoBeacon({ sink, clientIp, videoEvent: (params) => serverCall(api.datalakeVideoEvent, params, { signal: signal() }) }),
    /** `leafRoutes`: the app's page routes (a client-side navigation's data request is a page view). */
    listener: (listener: http.RequestListener, leafRoutes: () => ReadonlySet<string>) => recordingPageViews(listener, sink, clientIp, leafRoutes),
    close: () => sink.close(),
  };
}
