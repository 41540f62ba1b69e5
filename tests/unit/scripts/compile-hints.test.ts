import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHints, parseManifestScript, startupModules, withCompileHint } from '../../../scripts/compile-hints.ts';

/* scripts/compile-hints.ts: the build step that asks V8 to compile the startup modules eagerly. */

const manifest = {
  entry: { module: '/build/entry.client-A.js', imports: ['/build/_shared/chunk-R.js', '/build/_shared/chunk-S.js'] },
  routes: {
    root: { id: 'root', module: '/build/root-B.js', imports: ['/build/_shared/chunk-S.js'] },
    'routes/_index': { id: 'routes/_index', parentId: 'root', module: '/build/routes/_index-C.js' },
  },
  version: 'abc',
};

describe('compile hints', () => {
  it('lists the entry, every route module and their imports, once each', () => {
    expect(startupModules(manifest)).toEqual([
      '/build/entry.client-A.js',
      '/build/_shared/chunk-R.js',
      '/build/_shared/chunk-S.js',
      '/build/root-B.js',
      '/build/routes/_index-C.js',
    ]);
  });

  it('puts the hint on the first line, once', () => {
    const marked = withCompileHint('import{a}from"/build/x.js";a();');
    expect(marked).toBe(`${COMPILE_HINT}\nimport{a}from"/build/x.js";a();`);
    expect(withCompileHint(marked)).toBe(marked);
  });

  it('marks the startup modules of a client build and leaves a module loaded on demand alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
    try {
      const write = (url: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, url)), { recursive: true });
        fs.writeFileSync(path.join(dir, url), text);
      };
      write('/build/manifest-ABC123.js', `window.__remixManifest=${JSON.stringify(manifest)};`);
      for (const url of startupModules(manifest)) write(url, `export const at = ${JSON.stringify(url)};`);
      write('/build/_shared/plyr-P.js', 'export default class Plyr {}');
      expect(parseManifestScript(fs.readFileSync(path.join(dir, 'build/manifest-ABC123.js'), 'utf8'))).toEqual(manifest);

      expect(addCompileHints(dir)).toBe(5);
      for (const url of startupModules(manifest)) {
        expect(fs.readFileSync(path.join(dir, url), 'utf8')).toBe(`${COMPILE_HINT}\nexport const at = ${JSON.stringify(url)};`);
      }
      expect(fs.readFileSync(path.join(dir, 'build/_shared/plyr-P.js'), 'utf8')).toBe('export default class Plyr {}');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
