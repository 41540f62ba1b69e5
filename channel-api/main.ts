import { startMonitoring } from './monitoring.ts';

// Sentry first (SENTRY_DSN), so it sees Express and the database drivers load.
startMonitoring();
const { startChannelApi } = await import('./server.ts');

/** `npm run start:channel-api`: the channel API on its own; SIGTERM/SIGINT close the database cleanly. */
const api = await startChannelApi().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('channel-api: error while closing', error);
        process.exit(1);
      },
    );
  });
}
