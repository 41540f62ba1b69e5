import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../../channel-api/db/client.ts';
import { startJobQueue } from '../../../channel-api/queue/job-queue.ts';
import { seedIfEmpty } from '../../../channel-api/seed/seed.ts';

/*
 * One migrated PGlite database with the demo channel seeded, made once per vitest run and copied
 * into each test file's data dir: a copy opens in under a second, a fresh PGlite (initdb in
 * WebAssembly, the migrations, the seed, the job queue's schema) takes about six, and over twenty on a busy 2-core machine.
 * A first start on an empty database, which seeds, is still tested on its own (seed.test.ts,
 * import.test.ts, create-user.test.ts). The seed dates the demo from when it ran: a run is minutes
 * long, the demo's live games last hours.
 *
 * global-setup.ts names the directory, once per run. The first test file that needs the database
 * makes it; files that start meanwhile wait for it.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Puts a copy of the seeded database in `dataDir` (where the channel API opens PGlite). */
export async function copySeededPglite(dataDir: string): Promise<void> {
  const root = inject('pgliteTemplate');
  const ready = path.join(root, 'ready');
  if (!fs.existsSync(ready)) {
    const building = path.join(root, 'building');
    let mine = true;
    try {
      fs.mkdirSync(building);
    } catch {
      mine = false;
    }
    if (mine) {
      const database = await openDatabase({ dataDir: building });
      try {
        await seedIfEmpty(database.db);
        // pg-boss makes its schema at a first start (a second or more on PGlite): once, here.
        const jobs = await startJobQueue({ database, queues: [], pollSeconds: 2, stopTimeoutSeconds: 1, onError: (error) => console.error(error) });
        await jobs.stop();
      } finally {
        await database.close();
      }
      fs.renameSync(building, ready);
    } else {
      const deadline = Date.now() + 180_000;
      while (!fs.existsSync(ready)) {
        if (Date.now() > deadline) throw new Error(`no seeded PGlite in ${ready} after 3 minutes`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  fs.cpSync(path.join(ready, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}
