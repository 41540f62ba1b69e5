/* Which routes of the web app take posts (the form fuzz must cover each). */
import fs from 'node:fs';
import path from 'node:path';

/** Route modules (app/routes, Remix flat routes, without the extension) that export an action. */
export function routesWithAction(): string[] {
  const dir = path.resolve('app/routes');
  return fs
    .readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && /export (?:async function|const|\{[^}]*\b)action\b/.test(fs.readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => file.replace(/\.tsx?$/, ''))
    .sort();
}
