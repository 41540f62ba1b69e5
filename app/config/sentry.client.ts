// A named import keeps the browser chunk small (~30 KB gz); import('@sentry/remix') is not tree-shaken.
import { init } from '@sentry/remix';

export function initSentry(dsn: string, environment: string): void {
  init({ dsn, environment, tracesSampleRate: 0 });
}
