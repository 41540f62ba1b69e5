/* What the first screen of a public page asks of the browser (issue: the first screen). */
import { COMPILE_HINT } from '../../../scripts/compile-hints.ts';
import { expect, test } from '../support/fixtures.ts';

test('the modules a page starts with ask V8 to compile them as they stream in', async ({ page }) => {
  const html = await (await page.request.get('/', { headers: { Accept: 'text/html' } })).text();
  const modules = [...html.matchAll(/<link rel="fh-modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  expect(modules.length, 'the page lists its modules, to fetch after its load event').toBeGreaterThan(3);
  for (const url of modules) {
    const res = await page.request.get(url);
    expect(res.headers()['content-type'], url).toMatch(/javascript/);
    expect((await res.text()).split('\n', 1)[0], url).toBe(COMPILE_HINT);
  }
});
