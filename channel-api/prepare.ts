import { openDatabase } from './db/client.ts';
import { channelApiEnv } from './env.ts';
import { prepareMedia } from './media/prepare.ts';
import { reportError } from './monitoring.ts';
import { startJobQueue } from './queue/job-queue.ts';
import { projectQueues } from './queue/queues.ts';
import { seedIfEmpty } from './seed/seed.ts';

/* `npm run prepare:channel`: the one-shot step before the channel API and its workers start
 * (issue 37, ADR 059; compose's `prepare` service, the cluster's first step). It migrates the
 * database (DATABASE_URL, else PGlite under DATA_DIR), seeds the demo channel when it has none,
 * makes the job queue's tables and queues, and makes the demo media under DATA_DIR — what the
 * channel API otherwise does at start and in the background, here awaited — then exits 0. Run it
 * again at will: what is done is left as it is. */

const started = Date.now();
const log = (message: string) => console.log(`prepare: ${message}`);
try {
  const env = channelApiEnv();
  const database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL });
  try {
    log(`database migrated (${database.kind})`);
    if (await seedIfEmpty(database.db)) {
      await database.analyze();
      log('seeded the demo channel');
    } else log('the database has a channel already: not seeded');
    const jobs = await startJobQueue({
      database,
      queues: projectQueues,
      pollSeconds: env.JOB_POLL_SECONDS,
      stopTimeoutSeconds: env.JOB_STOP_TIMEOUT_SECONDS,
      onError: (error) => reportError(error),
    });
    await jobs.stop();
    log('job queue ready');
  } finally {
    await database.close();
  }
  await prepareMedia(env.dataDir, { log });
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`prepare: failed: ${(error as Error).message}`);
  process.exit(1);
}
