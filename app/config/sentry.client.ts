// A named import keeps the browser chunk small (~30 KB gz); import('@sentry/remix') is not tree-shaken.
import { init } from '@sentry/remix';
import { monitoringHooks } from '#contract/monitoring';

/** The browser's error monitoring: the same skip list and scrubber as the servers (contract/monitoring.ts). */
export function initSentry(dsn: string, environment: string): void {
  init({ dsn, environment, tracesSampleRate: 0, ...monitoringHooks });
}
