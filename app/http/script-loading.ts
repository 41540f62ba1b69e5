/* The page's JavaScript loads after its first screen (issue: the first screen). Remix ends every
   page with a preload of each module and an inline module script that imports the route modules
   and then the app: the browser fetches all of it (about 20 files) together with the page's
   pictures, before the first screen has painted. This rewrites that ending so nothing of it is
   fetched before the page's `load` event: the preloads are inert until then (an unknown `rel`),
   and the route modules are imported by the same script once the page has loaded.

   Hydration is unaffected: React renders those elements from props it does not compare in
   production (the preload's `rel`, the script's inner HTML), and the app starts exactly as Remix
   starts it, only later. Markup this does not recognise (another Remix version) is left as it is. */

/** The `rel` a preload waits under until the page has loaded. */
export const DEFERRED_PRELOAD = 'fh-modulepreload';

/** Preloads started per task after the load event. */
const PRELOADS_PER_TASK = 4;

const MODULE_SCRIPT_OPEN = '<script type="module" async="">';
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");$/gm;

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
  const start = [
    'const fieldhouseStart = async () => {',
    // A few preloads per task: each starts a fetch, and all of them at once made one long task.
    `const preloads = [...document.querySelectorAll('link[rel="${DEFERRED_PRELOAD}"]')];`,
    `for (let i = 0; i < preloads.length; i += ${PRELOADS_PER_TASK}) {`,
    `preloads.slice(i, i + ${PRELOADS_PER_TASK}).forEach((link) => { link.rel = 'modulepreload'; });`,
    'await new Promise((resolve) => setTimeout(resolve));',
    '}',
    `const [${imports.map((m) => m[1]).join(', ')}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(', ')}]);`,
    rest.trim(),
    '};',
    "if (document.readyState === 'complete') fieldhouseStart(); else addEventListener('load', () => fieldhouseStart(), { once: true });",
  ].join('\n');
  // The preloads sit just before the script, after the page's content.
  const preloads = html.indexOf('<link rel="modulepreload"');
  const before =
    preloads === -1
      ? html.slice(0, open)
      : html.slice(0, preloads) + html.slice(preloads, open).replaceAll('<link rel="modulepreload"', `<link rel="${DEFERRED_PRELOAD}"`);
  return `${before}${MODULE_SCRIPT_OPEN}${start}${html.slice(close)}`;
}
