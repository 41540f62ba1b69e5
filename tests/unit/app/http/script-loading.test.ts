import { describe, expect, it } from 'vitest';
import { PRELOAD_LIST_ID, scriptsAfterLoad } from '~/http/script-loading';

/* The end of a page as Remix 2 writes it (abridged manifest). */
const remixEnding = [
  '<script>window.ENV = {};</script>',
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-D.js"/><link rel="modulepreload" href="/build/root-B.js"/>',
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
const MODULES = ['/build/entry.client-A.js', '/build/_shared/chunk-D.js', '/build/root-B.js'];

const startScript = (html: string) => /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1];

/** A document of the page's body elements, enough for the start script: where the list stands. */
function fakeDocument(listText: string) {
  const body: { tag: string; rel?: string; href?: string; text?: string }[] = [{ tag: 'main' }];
  const list = {
    tag: 'script',
    text: listText,
    get textContent() {
      return this.text;
    },
    before(node: { tag: string }) {
      body.splice(body.indexOf(list), 0, node);
    },
    remove() {
      body.splice(body.indexOf(list), 1);
    },
  };
  body.push(list, { tag: 'script', text: 'window.__remixContext' });
  const document = {
    readyState: 'complete',
    getElementById: (id: string) => (id === PRELOAD_LIST_ID && body.includes(list) ? list : null),
    createElement: (tag: string) => ({ tag }),
  };
  return { body, document };
}

describe('scriptsAfterLoad', () => {
  const out = scriptsAfterLoad(page);

  it('fetches nothing of the app before the page has loaded: the preloads wait as a JSON list where they stood', () => {
    expect(out).not.toMatch(/<link rel="modulepreload" href="\/build/);
    expect(out).not.toMatch(/^import \* as/m);
    const list = new RegExp(
      `<script>window.ENV = {};</script>\\n<script type="application/json" id="${PRELOAD_LIST_ID}">(.*?)</script>\\n<script>window.__remixContext`,
    ).exec(out);
    expect(JSON.parse(list![1])).toEqual(MODULES);
  });

  it('leaves a preload outside the body’s last run as it is (valid where it stands)', () => {
    expect(out).toContain('<head><link rel="modulepreload" href="/head-only.js"/></head>');
  });

  it('then starts the app as Remix does: route modules first, the manifest, the app last', () => {
    const script = startScript(out);
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/build/root-B.js"), import("/build/routes/_index-C.js")]);');
    expect(script.indexOf('window.__remixManifest')).toBeGreaterThan(script.indexOf('Promise.all'));
    expect(script.indexOf('import("/build/entry.client-A.js")')).toBeGreaterThan(script.indexOf('window.__remixRouteModules'));
    expect(script).toContain("addEventListener('load'");
    // It is still valid JavaScript.
    expect(() => new Function(script.replace(/await /g, '').replace(/import\(/g, 'String('))).not.toThrow();
  });

  it('after the load event puts the preloads back where Remix rendered them, a few per task, before it imports anything', async () => {
    const hrefs = Array.from({ length: 10 }, (_, i) => `/build/m${i}.js`);
    const { body, document } = fakeDocument(JSON.stringify(hrefs));
    const timers: (() => void)[] = [];
    const imported: string[] = [];
    const window: Record<string, unknown> = {};
    const frames: (() => void)[] = [];
    const run = new Function(
      'document',
      'window',
      'setTimeout',
      'requestAnimationFrame',
      'addEventListener',
      'importModule',
      startScript(out).replace(/import\(/g, 'importModule('),
    );
    run(
      document,
      window,
      (fn: () => void) => timers.push(fn),
      (fn: () => void) => frames.push(fn),
      () => {},
      async (url: string) => void imported.push(url),
    );
    const preloads = () => body.filter((n) => n.tag === 'link');
    // Nothing until the frame after the load event has painted: its callback, then a task.
    expect(preloads()).toHaveLength(0);
    frames.shift()!();
    timers.pop()!(); // the task after the painted frame (the quarter-second fallback stays queued)
    await new Promise((resolve) => setImmediate(resolve));
    expect(preloads()).toHaveLength(4);
    timers.shift()!(); // the fallback: the start has begun, it begins nothing twice
    await new Promise((resolve) => setImmediate(resolve));
    expect(preloads()).toHaveLength(4);
    for (const expected of [8, 10]) {
      timers.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
      expect(preloads()).toHaveLength(expected);
    }
    expect(imported).toEqual([]);
    timers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    // The document is the one Remix rendered: the preloads in order, then its context script.
    expect(body.map((n) => (n.tag === 'link' ? `${n.rel} ${n.href}` : n.tag))).toEqual(['main', ...hrefs.map((h) => `modulepreload ${h}`), 'script']);
    expect(imported).toEqual(['/build/root-B.js', '/build/routes/_index-C.js', '/build/entry.client-A.js']);
    expect(window.__remixRouteModules).toBeDefined();
  });

  it('writes the list so that no address can end its element', () => {
    const odd = page.replace('/build/root-B.js"/>', '/build/</script>.js"/>');
    expect(scriptsAfterLoad(odd)).toContain('"/build/\\u003c/script>.js"');
  });

  it('leaves the page alone when its ending is not the shape it knows', () => {
    const unknown = page.replace('import * as route0 from "/build/root-B.js";', 'import { x } from "/build/root-B.js";');
    expect(scriptsAfterLoad(unknown)).toBe(unknown);
    expect(scriptsAfterLoad('<html><body>no scripts</body></html>')).toBe('<html><body>no scripts</body></html>');
  });
});
