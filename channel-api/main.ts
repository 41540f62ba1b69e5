import { startMonitoring } from './monitoring.ts';

// Sentry first (SENTRY_DSN), so it sees Express and the database drivers load.
startMonitoring();
const { startChannelApi } = await import('./server.ts');
const { stopOnSignals } = await import('./stop-on-signals.ts');

/** `npm run start:channel-api`: the channel API on its own; SIGTERM/SIGINT close the database cleanly. */
const api = await startChannelApi().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
stopOnSignals('channel-api', () => api.close());
