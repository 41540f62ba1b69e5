import { describe, expect, it } from 'vitest';
import { DEFERRED_PRELOAD, scriptsAfterLoad } from '~/http/script-loading';

/* The end of a page as Remix 2 writes it (abridged manifest). */
const remixEnding = [
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/root-B.js"/>',
  '<script>window.__remixContext = {"state":{}};</script>',
  '<script type="module" async="">;',
  'import * as route0 from "/build/root-B.js";',
  'import * as route1 from "/build/routes/_index-C.js";',
  'window.__remixManifest = {"entry":{"module":"/build/entry.client-A.js","imports":["/build/_shared/chunk-D.js"]}};',
  'window.__remixRouteModules = {"root":route0,"routes/_index":route1};',
  '',
  'import("/build/entry.client-A.js");</script></body></html>',
].join('\n');
const page = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/head-only.js"/></head><body><main>Hi</main>${remixEnding}`;

describe('scriptsAfterLoad', () => {
  const out = scriptsAfterLoad(page);

  it('fetches nothing of the app before the page has loaded: the preloads wait under another rel', () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(new RegExp(`<link rel="${DEFERRED_PRELOAD}"`, 'g'))).toHaveLength(3);
    expect(out).not.toMatch(/^import \* as/m);
  });

  it('then starts the app as Remix does: route modules first, the manifest, the app last', async () => {
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/build/root-B.js"), import("/build/routes/_index-C.js")]);');
    expect(script.indexOf('window.__remixManifest')).toBeGreaterThan(script.indexOf('Promise.all'));
    expect(script.indexOf('import("/build/entry.client-A.js")')).toBeGreaterThan(script.indexOf('window.__remixRouteModules'));
    expect(script).toContain("addEventListener('load'");
    // It is still valid JavaScript.
    expect(() => new Function(script.replace(/await /g, '').replace(/import\(/g, 'String('))).not.toThrow();
  });

  it('starts the preloads a few per task, so the load event does not become one long task', async () => {
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    const links = Array.from({ length: 10 }, () => ({ rel: DEFERRED_PRELOAD }));
    const timers: (() => void)[] = [];
    const imported: string[] = [];
    const document = { readyState: 'complete', querySelectorAll: () => links };
    const window: Record<string, unknown> = {};
    const run = new Function('document', 'window', 'setTimeout', 'addEventListener', 'importModule', script.replace(/import\(/g, 'importModule('));
    run(
      document,
      window,
      (fn: () => void) => timers.push(fn),
      () => {},
      async (url: string) => void imported.push(url),
    );
    const flipped = () => links.filter((l) => l.rel === 'modulepreload').length;
    expect(flipped()).toBe(4);
    for (const expected of [8, 10]) {
      timers.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
      expect(flipped()).toBe(expected);
    }
    expect(imported).toEqual([]);
    timers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(imported).toEqual(['/build/root-B.js', '/build/routes/_index-C.js', '/build/entry.client-A.js']);
    expect(window.__remixRouteModules).toBeDefined();
  });

  it('leaves the page alone when its ending is not the shape it knows', () => {
    const unknown = page.replace('import * as route0 from "/build/root-B.js";', 'import { x } from "/build/root-B.js";');
    expect(scriptsAfterLoad(unknown)).toBe(unknown);
    expect(scriptsAfterLoad('<html><body>no scripts</body></html>')).toBe('<html><body>no scripts</body></html>');
  });
});
