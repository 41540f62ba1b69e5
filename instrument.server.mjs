// Loaded first (`node --import ./instrument.server.mjs`) so Sentry can patch Remix and Express
// before they are imported. Without SENTRY_DSN the SDK stays disabled.
import * as Sentry from '@sentry/remix';

const dsn = process.env.SENTRY_DSN || undefined;
if (dsn) {
  Sentry.init({
    dsn,
    environment: process.env.NODE_ENV ?? 'production',
    release: process.env.SENTRY_RELEASE || 'fieldhouse@local',
    tracesSampleRate: Number(process.env.SENTRY_TRACES_SAMPLE_RATE ?? 0),
  });
}
