/* The page's JavaScript loads after its first screen (issue: the first screen; ADR 013). Remix ends
   every page with a preload of each module and an inline module script that imports the route
   modules and then the app: the browser fetches all of it (about 20 files) together with the
   page's pictures, before the first screen has painted. This rewrites that ending so nothing of it
   is fetched before the page's `load` event, in HTML the W3C validator accepts (issue 34):
   - the preloads become a list of their addresses in a JSON data block (`<script
     type="application/json">`, which the browser neither runs nor fetches from) where they stood;
   - the same script, once the page has loaded and the next frame has painted (the largest picture
     with it: Lighthouse's LCP then owes nothing to the app's downloads), puts the preloads back in
     the block's place, one per task, removes the block, then imports the modules the app's entry
     imports (React, React DOM and Remix: the framework), then the route modules, and starts the
     app as Remix does.
   One preload per task because each costs the main thread the start of a fetch (about a
   millisecond, four on a slow phone's CPU): a few per task made long tasks (Lighthouse's total
   blocking time, ADR 065). The next task comes from a message channel, not a timer, so that
   nested timers' 4 ms clamp does not stretch the start.
   The framework goes first, on its own, because the browser evaluates a module with everything it
   imports in one task: the framework (about 250 kB, a third of it React DOM) and the route modules
   together made the start's longest task, 20–50 ms on this machine (ADR 068). In two tasks each is
   shorter, and the app starts one task later.

   Hydration is unaffected: by the time the app hydrates, the document holds the preloads Remix
   rendered, where it rendered them (React does not compare a script's inner HTML in production).
   Markup this does not recognise (another Remix version) is left as it is. */

/** The id of the JSON data block that lists the module preloads until the page has loaded. */
export const PRELOAD_LIST_ID = 'fh-module-preloads';

const MODULE_SCRIPT_OPEN = '<script type="module" async="">';
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");$/gm;
/** A run of preloads as Remix writes them (an address with no character reference in it). */
const PRELOAD_RUN = /(?:<link rel="modulepreload" href="[^"&]+"\/>)+/g;
const PRELOAD_HREF = /<link rel="modulepreload" href="([^"&]+)"\/>/g;
/** The modules the app's entry imports, as the manifest Remix writes into the script lists them. */
const ENTRY_IMPORTS = /"entry":\s*\{\s*"module":\s*"[^"\\]+",\s*"imports":\s*\[([^\]]*)\]/;
const QUOTED_HREF = /"([^"\\]+)"/g;

/** JSON that cannot end the element it sits in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** The HTML with the app's scripts fetched after the page's load event. */
export function scriptsAfterLoad(html: string): string {
  const open = html.lastIndexOf(MODULE_SCRIPT_OPEN);
  const close = open === -1 ? -1 : html.indexOf('</script>', open);
  if (close === -1) return html;
  const body = html.slice(open + MODULE_SCRIPT_OPEN.length, close);
  const imports = [...body.matchAll(ROUTE_IMPORT)];
  const rest = body.replace(ROUTE_IMPORT, '');
  // Only the shape Remix 2 writes: route imports, then statements and one dynamic import.
  if (imports.length === 0 || /^\s*import[\s*{"']/m.test(rest)) return html;
  const framework = [...(ENTRY_IMPORTS.exec(rest)?.[1] ?? '').matchAll(QUOTED_HREF)].map((m) => m[1]);
  const start = [
    'const fieldhouseStart = async () => {',
    `const list = document.getElementById('${PRELOAD_LIST_ID}');`,
    'const channel = new MessageChannel();',
    'const nextTask = () => new Promise((resolve) => { channel.port1.onmessage = resolve; channel.port2.postMessage(0); });',
    'const hrefs = list ? JSON.parse(list.textContent) : [];',
    "for (const href of hrefs) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; list.before(link); await nextTask(); }",
    'list?.remove();',
    ...(framework.length ? [`await Promise.all([${framework.map((href) => `import(${scriptSafeJson(href)})`).join(', ')}]);`] : []),
    `const [${imports.map((m) => m[1]).join(', ')}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(', ')}]);`,
    rest.trim(),
    '};',
    // After the frame that follows the load event has painted (the page's largest picture with it),
    // however long that frame takes on a busy phone: starting before it, the app's downloads and
    // compiling held the first paint back (Lighthouse's LCP outliers, ADR 065). A tab in the
    // background paints no frame and has no paint to wait for: it starts at once.
    "const afterPaint = () => new Promise((resolve) => { const hidden = () => document.visibilityState === 'hidden'; requestAnimationFrame(() => setTimeout(resolve)); if (hidden()) resolve(); else document.addEventListener('visibilitychange', () => hidden() && resolve()); });",
    'const begin = () => afterPaint().then(fieldhouseStart);',
    "if (document.readyState === 'complete') begin(); else addEventListener('load', begin, { once: true });",
  ].join('\n');
  // The preloads: the last run of them before the script, after the page's content.
  const before = html.slice(0, open);
  const run = [...before.matchAll(PRELOAD_RUN)].at(-1);
  const page =
    run === undefined
      ? before
      : before.slice(0, run.index) +
        `<script type="application/json" id="${PRELOAD_LIST_ID}">${scriptSafeJson([...run[0].matchAll(PRELOAD_HREF)].map((m) => m[1]))}</script>` +
        before.slice(run.index + run[0].length);
  return `${page}${MODULE_SCRIPT_OPEN}${start}${html.slice(close)}`;
}
