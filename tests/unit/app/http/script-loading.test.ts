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

  it('then starts the app as Remix does, the framework on its own first: the entry’s imports, the route modules, the manifest, the app last', () => {
    const script = startScript(out);
    expect(script).toContain('list?.remove();\nawait Promise.all([import("/build/_shared/chunk-D.js")]);\nconst [route0, route1]');
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/build/root-B.js"), import("/build/routes/_index-C.js")]);');
    expect(script.indexOf('window.__remixManifest')).toBeGreaterThan(script.indexOf('Promise.all'));
    expect(script.indexOf('import("/build/entry.client-A.js")')).toBeGreaterThan(script.indexOf('window.__remixRouteModules'));
    expect(script).toContain("addEventListener('load'");
    // It is still valid JavaScript.
    expect(() => new Function(script.replace(/await /g, '').replace(/import\(/g, 'String('))).not.toThrow();
  });

  /** Runs the start script against a fake page: frames, timers and message-channel tasks are queued for the test to run. */
  function startPage(hrefs: string[], visibility: 'visible' | 'hidden') {
    const { body, document } = fakeDocument(JSON.stringify(hrefs));
    const visibilityListeners: (() => void)[] = [];
    const page = {
      ...document,
      visibilityState: visibility as string,
      addEventListener: (type: string, fn: () => void) => type === 'visibilitychange' && visibilityListeners.push(fn),
    };
    const timers: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const imported: string[] = [];
    const window: Record<string, unknown> = {};
    class FakeChannel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
    }
    new Function(
      'document',
      'window',
      'setTimeout',
      'requestAnimationFrame',
      'addEventListener',
      'MessageChannel',
      'importModule',
      startScript(out).replace(/import\(/g, 'importModule('),
    )(
      page,
      window,
      (fn: () => void) => timers.push(fn),
      (fn: () => void) => frames.push(fn),
      () => {},
      FakeChannel,
      async (url: string) => void imported.push(url),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const hide = () => {
      page.visibilityState = 'hidden';
      for (const fn of visibilityListeners) fn();
    };
    return { body, timers, frames, tasks, imported, window, settle, hide, preloads: () => body.filter((n) => n.tag === 'link') };
  }

  it('after the frame that follows the load event, puts the preloads back where Remix rendered them, one per task, before it imports anything', async () => {
    const hrefs = Array.from({ length: 10 }, (_, i) => `/build/m${i}.js`);
    const p = startPage(hrefs, 'visible');
    await p.settle();
    // Nothing until that frame has painted, however long it takes: no timer stands in for it.
    expect(p.timers).toHaveLength(0);
    expect(p.preloads()).toHaveLength(0);
    p.frames.shift()!();
    p.timers.shift()!(); // the task after the painted frame
    await p.settle();
    expect(p.preloads()).toHaveLength(1);
    for (let expected = 2; expected <= 10; expected++) {
      p.tasks.shift()!();
      await p.settle();
      expect(p.preloads()).toHaveLength(expected);
      expect(p.imported).toEqual([]);
    }
    p.tasks.shift()!();
    await p.settle();
    // The document is the one Remix rendered: the preloads in order, then its context script.
    expect(p.body.map((n) => (n.tag === 'link' ? `${n.rel} ${n.href}` : n.tag))).toEqual(['main', ...hrefs.map((h) => `modulepreload ${h}`), 'script']);
    expect(p.imported).toEqual(['/build/_shared/chunk-D.js', '/build/root-B.js', '/build/routes/_index-C.js', '/build/entry.client-A.js']);
    expect(p.window.__remixRouteModules).toBeDefined();
    expect(p.frames).toHaveLength(0);
  });

  it('starts at once in a tab in the background, which paints no frame, and when a tab goes to the background before its frame', async () => {
    const hidden = startPage(['/build/m0.js'], 'hidden');
    await hidden.settle();
    expect(hidden.preloads()).toHaveLength(1);

    const leaving = startPage(['/build/m0.js'], 'visible');
    await leaving.settle();
    expect(leaving.preloads()).toHaveLength(0);
    leaving.hide();
    await leaving.settle();
    expect(leaving.preloads()).toHaveLength(1);
    // Its frame, when the tab comes back, begins nothing twice.
    leaving.frames.shift()!();
    leaving.timers.shift()!();
    leaving.tasks.shift()!();
    await leaving.settle();
    expect(leaving.preloads()).toHaveLength(1);
    expect(leaving.imported).toEqual(['/build/_shared/chunk-D.js', '/build/root-B.js', '/build/routes/_index-C.js', '/build/entry.client-A.js']);
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
