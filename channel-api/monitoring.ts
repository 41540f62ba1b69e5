import * as Sentry from '@sentry/node';
import type { Request } from 'express';
import { monitoringHooks } from '../contract/monitoring.ts';

/* The channel API's errors go to Sentry (SENTRY_DSN) with the web app's skip list and scrubber
   (contract/monitoring.ts; README "Error monitoring"). Embedded in the web server, the web server's
   client (instrument.server.mjs) is already started and is the one used; on its own
   (`npm run start:channel-api`), main.ts starts one before the server is imported. */

/** Starts Sentry for a channel API running on its own; nothing without a DSN or when one runs. */
export function startMonitoring(dsn = process.env.SENTRY_DSN): void {
  if (!dsn || Sentry.getClient()) return;
  Sentry.init({
    dsn,
    environment: process.env.NODE_ENV ?? 'production',
    release: process.env.SENTRY_RELEASE || 'fieldhouse-channel-api@local',
    tracesSampleRate: 0,
    ...monitoringHooks,
  });
}

/** Reports an unexpected error (a 500 we answered, a failed job) with the request it broke, if any:
 *  its method, address and headers, which the scrubber cleans before anything is sent. */
export function reportError(error: unknown, req?: Request): void {
  if (!Sentry.getClient()) return;
  Sentry.withScope((scope) => {
    if (req) {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
      scope.setSDKProcessingMetadata({
        normalizedRequest: { method: req.method, url: `${req.protocol}://${req.get('host') ?? 'channel-api'}${req.originalUrl}`, headers },
      });
      scope.setTransactionName(`${req.method} ${req.route?.path ?? req.path}`);
    }
    Sentry.captureException(error);
  });
}
