import fs from 'node:fs';
import path from 'node:path';
import { ZodError } from 'zod';
import { openDatabase } from './db/client.ts';
import { channelApiEnv, databaseOptions } from './env.ts';
import { prepareDescribedAds, type PreparedAd } from './media/preroll-media.ts';
import { loadChannel } from './seed/load.ts';

/**
 * `npm run import:channel -- channel.json`: replaces the channel in the database (DATABASE_URL or
 * PGlite under DATA_DIR) with the one described. Stop the channel API first when it runs on PGlite:
 * the data dir lock refuses a second process. The demo description is the example
 * (channel-api/seed/demo-channel.example.json). Its pre-rolls' ad files (settings.prerolls[].media,
 * absolute or relative to the description) are made into HLS renditions under DATA_DIR first.
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run import:channel -- <channel.json>');
  process.exit(2);
}

const description: unknown = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
let prerollMedia: Map<string, PreparedAd>;
try {
  // The ads first (ffmpeg, no database): a bad file changes nothing.
  prerollMedia = await prepareDescribedAds(description, path.dirname(path.resolve(file)), channelApiEnv().DATA_DIR);
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(1);
}
const database = await openDatabase(databaseOptions());
try {
  await loadChannel(database.db, description, { prerollMedia });
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
