import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The node arguments of `npm start` (package.json): the e2e run and the bench start the web
 *  server exactly as production does, its V8 flags included, without npm in between. */
export const SERVER_NODE_ARGS: string[] = (() => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node === -1) throw new Error(`npm start does not run node: ${scripts.start}`);
  return words.slice(node + 1);
})();
