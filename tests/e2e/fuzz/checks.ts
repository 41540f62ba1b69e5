/* What no answer of ours may carry, and which routes take posts: shared by the fuzz suites. */
import fs from 'node:fs';
import path from 'node:path';

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\bat (?:async )?[\w$.<>]+ \((?:file:\/\/|\/)[^)]*:\d+:\d+\)|^\s+at .+:\d+:\d+$/m],
  ['a server path', /\/node_modules\/|\/work\/|file:\/\/\//],
  ['an SQL error', /syntax error at or near|SQLSTATE|invalid byte sequence|out of range for type|violates (?:not-null|unique|foreign key|check) constraint|relation "[^"]+" does not exist|PostgresError|pglite|drizzle/i],
  ['an error name', /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|ZodError)\b/],
];

/** The leaks found in an answer's body (empty: clean). */
export function cleanBody(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(([what, pattern]) => `${what}: …${(pattern.exec(body)?.[0] ?? '').slice(0, 120)}…`);
}

/** Route modules (app/routes, Remix flat routes, without the extension) that export an action. */
export function routesWithAction(): string[] {
  const dir = path.resolve('app/routes');
  return fs
    .readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && /export (?:async function|const|\{[^}]*\b)action\b/.test(fs.readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => file.replace(/\.tsx?$/, ''))
    .sort();
}
