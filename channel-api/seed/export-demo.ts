import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { demoChannel } from './demo-channel.ts';

/** Writes the demo description as the example for `npm run import:channel` (kept in sync by a test). */
export const examplePath = fileURLToPath(new URL('./demo-channel.example.json', import.meta.url));
export const exampleJson = () => `${JSON.stringify(demoChannel(), null, 2)}\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  fs.writeFileSync(examplePath, exampleJson());
  console.log(`wrote ${examplePath}`);
}
