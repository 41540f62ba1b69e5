import fs from 'node:fs';
import path from 'node:path';
import { ZodError } from 'zod';
import { hashPassword, randomPassword } from './auth/password.ts';
import { openDatabase } from './db/client.ts';
import { channelApiEnv, databaseOptions } from './env.ts';
import { prepareDescribedAds, type PreparedAd } from './media/preroll-media.ts';
import { channelDescription } from './seed/description.ts';
import { loadChannel } from './seed/load.ts';

/**
 * `npm run import:channel -- channel.json`: replaces the channel in the database (DATABASE_URL or
 * PGlite under DATA_DIR) with the one described. Stop the channel API first when it runs on PGlite:
 * the data dir lock refuses a second process. The demo description is the example
 * (channel-api/seed/demo-channel.example.json). Every account of the channel goes with it; the
 * operators it names (`operators`) are made anew, each with a temporary password printed once. Its pre-rolls' ad files (settings.prerolls[].media,
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
// Each operator the description names gets a temporary password, printed once the import is done.
const parsed = channelDescription.safeParse(description);
const operators = new Map<string, string>();
for (const email of parsed.success ? parsed.data.operators : []) operators.set(email, randomPassword());
const operatorPasswords = new Map(await Promise.all([...operators].map(async ([email, password]) => [email, await hashPassword(password)] as const)));
const database = await openDatabase(databaseOptions());
try {
  await loadChannel(database.db, description, { prerollMedia, operatorPasswords });
  await database.analyze();
  console.log(`imported ${file}`);
  for (const [email, password] of operators) console.log(`operator ${email.trim().toLowerCase()}: temporary password (shown only now) ${password}`);
  if (operators.size > 0) console.log('Each operator must choose a new password after signing in; the report is at /operator/report.');
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
