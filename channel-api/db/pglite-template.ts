import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A first start on PGlite spends most of its time in initdb, run in WebAssembly (4–5 s of a
 * quiet 2-core machine's 11 s to the first page, minutes under load). `npm run build` makes that
 * empty, migrated database once (scripts/pglite-template.ts), and a first start copies it
 * (tens of milliseconds) instead; the migrations then apply whatever is newer than the copy.
 * The copy is used only when it was made by the PGlite version installed now; otherwise, or
 * without a build, the first start runs initdb as before.
 */

/** Where `npm run build` keeps the template: beside the web app's build, never under data/. */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../build/pglite-template', import.meta.url));
const MARKER = 'made-by.json';

/** The installed PGlite's version: a data directory one version made may not open in another. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** The template's PGlite data directory and its marker (written last, so a broken build leaves none). */
export function templatePaths(root = PGLITE_TEMPLATE_DIR) {
  return { data: path.join(root, 'pglite'), marker: path.join(root, MARKER) };
}

export function writeTemplateMarker(root = PGLITE_TEMPLATE_DIR): void {
  fs.writeFileSync(templatePaths(root).marker, JSON.stringify({ pglite: pgliteVersion() }) + '\n');
}

/** Copies the template into `dir` when `dir` holds no database yet and the template fits the
 *  installed PGlite. Returns whether it copied. */
export function copyTemplateIfFresh(dir: string, root = PGLITE_TEMPLATE_DIR): boolean {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return false;
  const { data, marker } = templatePaths(root);
  let madeBy: string | undefined;
  try {
    madeBy = (JSON.parse(fs.readFileSync(marker, 'utf8')) as { pglite?: string }).pglite;
  } catch {
    return false;
  }
  if (madeBy !== pgliteVersion()) return false;
  fs.cpSync(data, dir, { recursive: true });
  return true;
}
