import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../channel-api/db/client.ts';
import { PGLITE_TEMPLATE_DIR, templatePaths, writeTemplateMarker } from '../channel-api/db/pglite-template.ts';
import { startJobQueue } from '../channel-api/queue/job-queue.ts';

/* Runs last in `npm run build`: an empty PGlite database with every migration and the job
   queue's schema, which a first start copies instead of running initdb in WebAssembly
   (channel-api/db/pglite-template.ts). No channel data: the seed dates the demo from when it
   runs, so the first start still seeds. */

const started = performance.now();
const building = `${PGLITE_TEMPLATE_DIR}.building`;
fs.rmSync(building, { recursive: true, force: true });
fs.rmSync(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
const database = await openDatabase({ dataDir: building });
try {
  const jobs = await startJobQueue({ database, queues: [], pollSeconds: 2, stopTimeoutSeconds: 1, onError: (error) => console.error(error) });
  await jobs.stop();
} finally {
  await database.close();
}
fs.mkdirSync(PGLITE_TEMPLATE_DIR, { recursive: true });
fs.renameSync(path.join(building, 'pglite'), templatePaths().data);
fs.rmSync(building, { recursive: true, force: true });
writeTemplateMarker();
console.log(
  `pglite template: an empty migrated database in ${path.relative(process.cwd(), PGLITE_TEMPLATE_DIR)} (${Math.round(performance.now() - started)} ms)`,
);
