import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/* docs/conventions.md, "Names say one thing": app/components/ holds components only, a `.tsx` file
   per component, named after it. Read as text, not compiled: a file's exported values are what
   `export function|const|let|var|class <name>`, `export { a, b as c }` (with or without `from`),
   `export default` and `export *` declare; types and interfaces are not values. Of those:
   - a PascalCase name (`EventTile`, not `RAIL_SCROLL_MS`) is a component, unless it is a React
     context (`export const XContext = createContext(…)`, a provider's context beside it);
   - a function with a lower-case name is a hook or a helper, which belongs in app/domain/,
     app/http/, app/forms/ or app/browser/;
   - `export default` and `export *` name no component: they are reported as such. */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const COMPONENTS = 'app/components';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

const PASCAL = /^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$/;

interface Exports {
  /** PascalCase values that are not contexts, and `default` / `*` when the file has them. */
  components: string[];
  /** Functions with a lower-case name: hooks and helpers. */
  functions: string[];
}

function exportsOf(source: string): Exports {
  // Block comments and whole-line comments out, so a commented export does not count.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const components: string[] = [];
  const functions: string[] = [];
  for (const m of code.matchAll(/^[ \t]*export\s+(?:declare\s+)?(?:async\s+)?(function\*?|const|let|var|class)\s+([\w$]+)(.*)$/gm)) {
    const [, kind, name, rest] = m;
    if (PASCAL.test(name)) {
      if (!/^\s*(?::[^=]*)?=\s*(?:React\.)?createContext\b/.test(rest)) components.push(name);
    } else if (/^[a-z_$]/.test(name)) {
      const isFunction = kind.startsWith('function') || /^\s*(?::[^=]*)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[\w$]+\s*=>)/.test(rest);
      if (isFunction) functions.push(name);
    }
  }
  for (const m of code.matchAll(/^[ \t]*export\s+(type\s+)?\{([^}]*)\}/gm)) {
    if (m[1]) continue;
    for (const item of m[2].split(',')) {
      const spec = item.trim();
      if (!spec || spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/).at(-1) as string;
      if (PASCAL.test(name)) components.push(name);
      else if (name === 'default') components.push('default');
    }
  }
  if (/^[ \t]*export\s+default\b/m.test(code)) components.push('default');
  if (/^[ \t]*export\s+\*/m.test(code)) components.push('*');
  return { components, functions };
}

describe('docs/conventions.md: app/components/ holds components only, one per file named after it', () => {
  const files = filesUnder(COMPONENTS);

  it('reads a file’s exports as the convention means them', () => {
    const source = `
      import { createContext } from 'react';
      /* export function Commented() {} */
      // export const Old = 1;
      export const RAIL_SCROLL_MS = 5000;
      export interface RailListProps { ref?: unknown }
      export type Applied = { code: string };
      export const CurrentPathContext = createContext<string | null>(null);
      export function Rail() { return null; }
      export const Frame = memo(function Frame() { return null; });
      export function useRail() {}
      export const railLabel = (title: string): string => title;
      export async function loadRail() {}
      export { Helper as Other, helper, type Shape };
      export default Rail;
    `;
    expect(exportsOf(source)).toEqual({ components: ['Rail', 'Frame', 'Other', 'default'], functions: ['useRail', 'railLabel', 'loadRail'] });
    expect(exportsOf(`export * from './Rail';\nexport function Rail() {}`).components).toEqual(['Rail', '*']);
  });

  it('holds .tsx files only (a rule, hook, type declaration or helper goes to app/domain, app/http, app/forms or app/browser)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => !f.endsWith('.tsx'))).toEqual([]);
  });

  it('exports exactly one component from each file, named as the file, and no hook or helper', () => {
    const wrong = files
      .filter((f) => f.endsWith('.tsx'))
      .flatMap((file) => {
        const { components, functions } = exportsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'));
        const named = path.basename(file, '.tsx');
        const problems = [
          ...(components.length === 1 && components[0] === named ? [] : [`exports the components [${components.join(', ')}], not just ${named}`]),
          ...(functions.length ? [`exports the functions [${functions.join(', ')}]: move them out of app/components/`] : []),
        ];
        return problems.map((p) => `${file} ${p}`);
      });
    expect(wrong).toEqual([]);
  });
});
