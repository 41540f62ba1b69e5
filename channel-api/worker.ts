import http from 'node:http';
import { channelApiEnv } from './env.ts';
import { startMonitoring } from './monitoring.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { closeGracefully } from '../server/graceful-close.ts';
import { databaseAnswers, sendHealth } from '../server/health.ts';
import { instanceName, servedBy } from '../server/instance.ts';

// Sentry first (SENTRY_DSN), so it sees the database drivers load.
startMonitoring();
const { openBackend } = await import('./backend.ts');
const { CLIP_FFMPEG_CONCURRENCY } = await import('./services/clips.ts');

/* `npm run start:worker`: a queue worker (issue 37, ADR 059). It opens the channel API's
 * PostgreSQL and works the project's queues — alert mails and their sweep schedule, clips
 * (CLIP_FFMPEG_CONCURRENCY at once) — with the very code the channel API runs (backend.ts), and
 * serves nothing but GET /healthz (200 while the database answers) on WORKER_PORT. Run the channel
 * API with WORK_JOBS=false beside it, and as many workers as the clips need. SIGTERM/SIGINT: the
 * running jobs finish (up to JOB_STOP_TIMEOUT_SECONDS), then it exits 0. */

const env = (() => {
  try {
    return channelApiEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();
if (!env.DATABASE_URL) {
  console.error(
    "worker: DATABASE_URL is required. A worker shares the channel API's PostgreSQL; on PGlite (one process per data directory) the channel API works the jobs itself.",
  );
  process.exit(1);
}

const backend = await openBackend({}, env, { seed: false }).catch((error: Error) => {
  console.error(`worker: ${error.message}`);
  process.exit(1);
});
await backend.workJobs();

const health = http.createServer(
  servedBy(instanceName(env.INSTANCE_NAME), async (req, res) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url === '/healthz') {
      sendHealth(res, await databaseAnswers(() => backend.database.ping()));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
  }),
);
if (env.WORKER_PORT > 0) {
  await new Promise<void>((resolve, reject) => {
    health.once('error', reject);
    health.listen(env.WORKER_PORT, env.CHANNEL_API_HOST, resolve);
  }).catch((error: Error) => {
    console.error(`worker: /healthz cannot listen on ${env.CHANNEL_API_HOST}:${env.WORKER_PORT}: ${error.message}`);
    process.exit(1);
  });
}
backend.log(
  `worker: working the job queue (clips: ${env.CLIP_FFMPEG_CONCURRENCY ?? CLIP_FFMPEG_CONCURRENCY} at once)${env.WORKER_PORT > 0 ? `; /healthz on http://${env.CHANNEL_API_HOST}:${env.WORKER_PORT}` : ''}`,
);

stopOnSignals('worker', async () => {
  if (health.listening) await closeGracefully(health, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  await backend.close();
});
