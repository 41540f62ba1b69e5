import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/* docs/README.md, the newcomer's "where things live", names every channel-API route module and
   service and every page module of the web app with its loaders. A module is named by its folder
   and file (`services/gifts.ts`, `loaders/buy.server.ts`; or by its file alone where no other file
   of the code has that name), a page module also by its file name (`watch.$id.tsx`) or by the
   URL it serves (`/watch/{id}`, any name between the braces). */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const readme = fs.readFileSync(path.join(ROOT, 'docs/README.md'), 'utf8');

const FOLDERS = [
  { dir: 'channel-api/routes', ending: '.ts' },
  { dir: 'channel-api/services', ending: '.ts' },
  { dir: 'app/routes', ending: '.tsx' },
  { dir: 'app/loaders', ending: '.server.ts' },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `token` stands on its own: not inside a longer name or path. */
const mentions = (token: string) => new RegExp(`(?<![\\w.$/-])(?:[\\w.-]+/)*${escape(token)}(?![\\w$-])`).test(readme);

/** How many files of the code (not tests, not packages) have each name. */
function namesInCode(): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (/\.tsx?$/.test(entry.name)) counts.set(entry.name, (counts.get(entry.name) ?? 0) + 1);
    }
  };
  for (const dir of ['app', 'channel-api', 'contract', 'server', 'scripts']) walk(dir);
  return counts;
}
const names = namesInCode();

/** The URL a Remix flat route file serves, as a pattern: `orders.$id_.cancel.tsx` → /orders/{…}/cancel. */
function urlPattern(file: string): RegExp | undefined {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((s) => s !== '_index' && !s.startsWith('_'))
    .map((s) => s.replace(/_$/, ''));
  if (segments.includes('$')) return undefined; // the splat route: by its file name only
  const url = segments.map((s) => (s.startsWith('$') ? '[\\w.-]*\\{\\w+\\}[\\w.{}-]*' : escape(s))).join('/');
  return new RegExp(segments.length === 0 ? '`/`' : `(?<![\\w./-])/${url}(?![\\w/{}-])`);
}

function named(dir: string, file: string): boolean {
  const folder = dir.split('/').at(-1) as string;
  if (mentions(`${folder}/${file}`)) return true;
  if (names.get(file) === 1 && mentions(file)) return true;
  if (dir === 'app/routes') return mentions(file) || (urlPattern(file)?.test(readme) ?? false);
  return false;
}

describe('docs/README.md', () => {
  it.each(FOLDERS)('names every module of $dir', ({ dir, ending }) => {
    const files = fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(ending));
    expect(files.length).toBeGreaterThan(0);
    expect(
      files.filter((f) => !named(dir, f)).map((f) => `${dir}/${f}`),
      'not named in docs/README.md',
    ).toEqual([]);
  });
});
