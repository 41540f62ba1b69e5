/* What the first screen of a public page asks of the browser (issue: the first screen). */
import { PRELOAD_LIST_ID } from '../../../app/http/script-loading.ts';
import { escapeXml } from '../../../channel-api/art/xml.ts';
import { COMPILE_HINT } from '../../../scripts/compile-hints.ts';
import { finishedEvent } from '../support/channel.ts';
import { paidEvent } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { appHydrated } from '../support/hydration.ts';

test("the modules a page starts with ask V8 to compile them as they stream in; the home page, the lists and a visitor's watch page start without zod and conform", async ({
  page,
}) => {
  for (const path of ['/', '/upcoming', '/live', `/watch/${(await finishedEvent('free')).id}`]) {
    const html = await (await page.request.get(path, { headers: { Accept: 'text/html' } })).text();
    const list = new RegExp(`<script type="application/json" id="${PRELOAD_LIST_ID}">([^<]*)</script>`).exec(html);
    const modules = JSON.parse(list?.[1] ?? '[]') as string[];
    expect(modules.length, 'the page lists its modules, to fetch after its load event').toBeGreaterThan(3);
    for (const url of modules) {
      const res = await page.request.get(url);
      expect(res.headers()['content-type'], url).toMatch(/javascript/);
      const text = await res.text();
      expect(text.split('\n', 1)[0], url).toBe(COMPILE_HINT);
      // zod and conform (about 25 kB compressed, and their evaluation) come with the forms that use
      // them: a visitor's watch page has none (its clip forms load apart: ADR 066).
      expect(text, `${path}: ${url} holds zod`).not.toContain('ZodError');
      expect(text, `${path}: ${url} holds conform`).not.toContain('Form element is required to trigger submission');
    }
  }
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first games start on the first screen; the slides are one row that scrolls sideways', async ({ page }) => {
    await page.goto('/');
    // Live now, else the next games: the first game card of the page.
    const firstSection = page.locator('main section.home-section').first();
    await expect(firstSection.getByRole('heading', { level: 2 })).toHaveText(/^(Live now|Upcoming)$/);
    const card = (await firstSection.locator('article').first().boundingBox())!;
    expect(card.y, 'the first game card starts within the first 844 px').toBeLessThan(844);

    const slides = page.getByRole('region', { name: 'Featured' }).locator('li');
    const count = await slides.count();
    expect(count, 'the demo channel has several slides').toBeGreaterThan(1);
    const tops = await slides.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'the slides are one row, not a stack').toBe(1);
    const list = page.getByRole('list', { name: 'Featured slides' });
    expect(await list.evaluate((ul) => ul.scrollWidth > ul.clientWidth), 'the row scrolls sideways').toBe(true);
    expect(await list.evaluate((ul) => getComputedStyle(ul).scrollSnapType)).toMatch(/^x mandatory/);
    // Only the first slide's picture loads at once.
    const loading = await slides.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('loading')));
    expect(loading[0]).toBe('eager');
    expect(loading.slice(1).every((l) => l === 'lazy')).toBe(true);
  });

  test('under prefers-reduced-motion the slides do not scroll smoothly', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Featured slides' });
    expect(await list.evaluate((ul) => getComputedStyle(ul).scrollBehavior)).toBe('auto');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await list.evaluate((ul) => getComputedStyle(ul).scrollBehavior)).toBe('smooth');
  });
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
  await appHydrated(page);
  const { loaded, starts } = await timing();
  expect(starts.length, "the app's modules were fetched").toBeGreaterThan(3);
  expect(Math.min(...starts), 'the first module was asked for after the load event').toBeGreaterThanOrEqual(loaded);
  // The list that held the preloads is gone: they went back where Remix rendered them (and Remix
  // drops them itself once the app has rendered again).
  await expect(page.locator(`#${PRELOAD_LIST_ID}`)).toHaveCount(0);
  expect(errors, 'no error while the app started (a hydration mismatch would log one)').toEqual([]);
});

test('a watch page carries its player’s poster, its largest picture, in the page: nothing to fetch for it; a page without a player has none', async ({
  page,
}) => {
  const game = await finishedEvent('free');
  expect(game.image).toMatch(/^\/media\/images\/[\w-]+\.svg$/);
  const asked: string[] = [];
  page.on('request', (request) => void asked.push(new URL(request.url()).pathname));
  await page.goto(`/watch/${game.id}`);
  const poster = await page.locator('video').getAttribute('poster');
  expect(poster).toMatch(/^data:image\/svg\+xml,/);
  // The channel's own poster of this game, as the channel serves it at its address.
  const served = await (await page.request.get(game.image!)).text();
  expect(decodeURIComponent(poster!.replace('data:image/svg+xml,', ''))).toBe(served);
  expect(served).toContain(`<title id="t">${escapeXml(game.name)}`);
  expect(asked).not.toContain(game.image);
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
  const { event } = await paidEvent();
  await page.goto(`/watch/${event.id}`);
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
});
