import fs from 'node:fs';
import path from 'node:path';
import { ZodError } from 'zod';
import { openDatabase } from './db/client.ts';
import { databaseOptions } from './env.ts';
import { loadChannel } from './seed/load.ts';

/**
 * `npm run import:channel -- channel.json`: replaces the channel in the database (DATABASE_URL or
 * PGlite under DATA_DIR) with the one described. Stop the channel API first when it runs on PGlite:
 * the data dir lock refuses a second process. The demo description is the example
 * (channel-api/seed/demo-channel.example.json).
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run import:channel -- <channel.json>');
  process.exit(2);
}

const description: unknown = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
const database = await openDatabase(databaseOptions());
try {
  await loadChannel(database.db, description);
  await database.analyze();
  console.log(`imported ${file}`);
} catch (error) {
  if (error instanceof ZodError) {
    console.error(`${file} is not a valid channel description:`);
    for (const issue of error.issues) console.error(`  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  } else {
    console.error(`import failed: ${(error as Error).message}`);
  }
  process.exitCode = 1;
} finally {
  await database.close();
}
