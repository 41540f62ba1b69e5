// Loaded before the server (`node --import tsx --import ./instrument.server.mjs server.ts`) so Sentry
// can patch Remix and Express before they are imported; tsx comes first so the shared rules
// (contract/monitoring.ts) load as TypeScript. Without SENTRY_DSN the SDK stays disabled. The
// embedded channel API runs in this process and reports through this client too.
import * as Sentry from '@sentry/remix';
import { monitoringHooks } from './contract/monitoring.ts';

const dsn = process.env.SENTRY_DSN || undefined;
if (dsn) {
  Sentry.init({
    dsn,
    environment: process.env.NODE_ENV ?? 'production',
    release: process.env.SENTRY_RELEASE || 'fieldhouse@local',
    tracesSampleRate: Number(process.env.SENTRY_TRACES_SAMPLE_RATE ?? 0),
    ...monitoringHooks,
  });
}
