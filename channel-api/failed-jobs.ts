/* `npm run jobs [-- --api http://127.0.0.1:4000] [--limit 20]`: the job queue's failed jobs, newest
   first. It asks the running channel API (GET /ops/jobs, answered on its loopback address only):
   on PGlite the database is open in that process alone. */
import { parseArgs } from 'node:util';
import type { FailedJob } from './queue/job-queue.ts';

async function main() {
  const { values } = parseArgs({ options: { api: { type: 'string' }, limit: { type: 'string' } } });
  const api = (values.api ?? process.env.CHANNEL_API_URL ?? `http://127.0.0.1:${process.env.CHANNEL_API_PORT ?? 4000}`).replace(/\/+$/, '');
  const res = await fetch(`${api}/ops/jobs${values.limit ? `?limit=${encodeURIComponent(values.limit)}` : ''}`).catch((error: Error) => {
    console.error(`The channel API at ${api} did not answer: ${error.message}`);
    process.exit(1);
  });
  const body = (await res.json().catch(() => ({}))) as { data?: { failed: FailedJob[] }; message?: string };
  if (!res.ok || !body.data) {
    console.error(`The channel API at ${api} answered ${res.status}: ${body.message ?? 'no reason given'}`);
    process.exit(1);
  }
  if (body.data.failed.length === 0) return void console.log('No failed jobs.');
  for (const job of body.data.failed) {
    console.log(`${job.failedAt}  ${job.queue}${job.key ? ` [${job.key}]` : ''}  after ${job.attempts} tries: ${job.error}`);
    console.log(`  id ${job.id}  data ${JSON.stringify(job.data)}`);
  }
}

await main();
