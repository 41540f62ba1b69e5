/* What the first screen of a public page asks of the browser (issue: the first screen). */
import { PRELOAD_LIST_ID } from '../../../app/http/script-loading.ts';
import { COMPILE_HINT } from '../../../scripts/compile-hints.ts';
import { expect, test } from '../support/fixtures.ts';

test('the modules a page starts with ask V8 to compile them as they stream in', async ({ page }) => {
  const html = await (await page.request.get('/', { headers: { Accept: 'text/html' } })).text();
  const list = new RegExp(`<script type="application/json" id="${PRELOAD_LIST_ID}">([^<]*)</script>`).exec(html);
  const modules = JSON.parse(list?.[1] ?? '[]') as string[];
  expect(modules.length, 'the page lists its modules, to fetch after its load event').toBeGreaterThan(3);
  for (const url of modules) {
    const res = await page.request.get(url);
    expect(res.headers()['content-type'], url).toMatch(/javascript/);
    expect((await res.text()).split('\n', 1)[0], url).toBe(COMPILE_HINT);
  }
});

test('nothing of the app is fetched before the page has loaded; then it starts and hydrates without an error', async ({ page, javaScriptEnabled }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  const timing = () =>
    page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const scripts = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.startsWith('/build/') && r.name.endsWith('.js'));
      return { loaded: navigation.loadEventStart, starts: scripts.map((r) => r.startTime) };
    });
  if (!javaScriptEnabled) {
    expect((await timing()).starts, 'no script without JavaScript').toEqual([]);
    return;
  }
  // Hydrated: React's keys on the main element.
  await page.waitForFunction(() => Object.keys(document.getElementById('main') ?? {}).some((key) => key.startsWith('__react')));
  const { loaded, starts } = await timing();
  expect(starts.length, "the app's modules were fetched").toBeGreaterThan(3);
  expect(Math.min(...starts), 'the first module was asked for after the load event').toBeGreaterThanOrEqual(loaded);
  // The list that held the preloads is gone: they went back where Remix rendered them (and Remix
  // drops them itself once the app has rendered again).
  await expect(page.locator(`#${PRELOAD_LIST_ID}`)).toHaveCount(0);
  expect(errors, 'no error while the app started (a hydration mismatch would log one)').toEqual([]);
});
