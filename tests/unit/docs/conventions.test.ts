import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/* docs/conventions.md, Tests: "tests are laid out like the source". The unit test of a module is
   `tests/unit/<the module's path>.test.ts`, a second file for it `<module>.<what it is about>.test.ts`;
   the checks of the docs themselves are `tests/unit/docs/<doc>[.<topic>].test.ts`. */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const UNIT = path.join(ROOT, 'tests/unit');

/** Unit tests whose subject is not a module, with what they test. */
const OTHER_SUBJECTS: Record<string, { why: string; subject: RegExp; dir: string }> = {
  // Named for the package it patches: the patch file's name carries the version, which an upgrade changes.
  'patches/remix-router.test.ts': { why: 'the patch of @remix-run/router (ADR 014)', dir: 'patches', subject: /^@remix-run\+router\+.+\.patch$/ },
};

function testFiles(dir = UNIT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(UNIT, full)] : [];
  });
}

const exists = (file: string) => fs.existsSync(path.join(ROOT, file));

/** The source file a unit test tests: `a/b.test.ts` → `a/b.ts` (or .tsx, .js, .mjs), and
 *  `a/b.topic.test.ts` → `a/b.ts` (a module's name may hold dots itself: `x.server.topic.test.ts`);
 *  in tests/unit/docs, the doc: `conventions.components.test.ts` → docs/conventions.md. */
function subjectOf(test: string): string | undefined {
  const other = OTHER_SUBJECTS[test];
  if (other) return fs.readdirSync(path.join(ROOT, other.dir)).find((f) => other.subject.test(f));
  const dir = path.dirname(test);
  const parts = path.basename(test, '.test.ts').split('.');
  if (dir === 'docs') {
    const docs = fs.readdirSync(path.join(ROOT, 'docs'));
    for (let n = parts.length; n > 0; n--) {
      const doc = parts.slice(0, n).join('.');
      const found = docs.find((f) => f.toLowerCase() === doc || f.toLowerCase() === `${doc}.md`);
      if (found) return found;
    }
    return undefined;
  }
  for (let n = parts.length; n > 0; n--) {
    const stem = path.join(dir, parts.slice(0, n).join('.'));
    const found = ['.ts', '.tsx', '.js', '.mjs'].map((ext) => stem + ext).find(exists);
    if (found) return found;
  }
  return undefined;
}

describe('docs/conventions.md', () => {
  it('lays out every unit test like the source: tests/unit/<module path>[.<topic>].test.ts', () => {
    const tests = testFiles();
    expect(tests.length).toBeGreaterThan(50);
    expect(
      tests.filter((t) => !subjectOf(t)).map((t) => `tests/unit/${t}`),
      'unit tests with no source module at their path (move them beside their module, tests/unit/<source path>.test.ts)',
    ).toEqual([]);
  });

  it('knows what each unit test of something other than a module tests', () => {
    for (const [test, { why }] of Object.entries(OTHER_SUBJECTS)) expect(subjectOf(test), `${test}: ${why}`).toBeDefined();
  });
});
