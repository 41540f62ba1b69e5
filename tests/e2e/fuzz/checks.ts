/* The web app's route modules, and which take posts: the fuzz suites must cover each. */
import fs from 'node:fs';
import path from 'node:path';

/** Route modules (app/routes, Remix flat routes, without the extension) that export an action. */
export function routesWithAction(): string[] {
  const dir = path.resolve('app/routes');
  return fs
    .readdirSync(dir)
    .filter(
      (file) => /\.tsx?$/.test(file) && /export (?:async function |function |const |\{[^}]*\b)action\b/.test(fs.readFileSync(path.join(dir, file), 'utf8')),
    )
    .map((file) => file.replace(/\.tsx?$/, ''))
    .sort();
}

/** Every route module that renders a page (app/routes without the extension; layouts included). */
export function routeModules(): string[] {
  return fs
    .readdirSync(path.resolve('app/routes'))
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => file.replace(/\.tsx?$/, ''))
    .sort();
}
