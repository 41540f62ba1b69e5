/* Links to our own paths on every page (app/components/PathLink.tsx, NavPathLink.tsx, their
   provider PathLinks.tsx): a card opens its page, and a click with a modifier opens it in a new
   tab, leaving this one as it was; a menu link marks the page it leads to. With JavaScript the
   page changes on the client (no document load), and resting on a card, by pointer or by focus,
   prefetches its page; without JavaScript nothing is prefetched. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** The first game card on the home page, with its path and title. */
async function firstCard(page: Page) {
  await page.goto('/');
  const card = page.locator('main a.card__link').first();
  const href = (await card.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/watch\/\d+$/);
  return { card, href, title: ((await card.textContent()) ?? '').trim() };
}

/** Marks the window: the mark survives a client-side navigation, not a document load. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __beforeClick: true }));
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { __beforeClick?: boolean }).__beforeClick === true);

/** With JavaScript: wait until React has hydrated the link (its handlers are attached). */
async function interactive(link: Locator, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await expect.poll(() => link.evaluate((a) => Object.keys(a).some((key) => key.startsWith('__reactProps'))), { message: 'the card is hydrated' }).toBe(true);
}

/** The prefetch of a game page: its data, asked of the route the page really has. */
const prefetchOf = (page: Page, href: string) => page.locator(`link[rel="prefetch"][href="${href}?_data=routes%2Fwatch.%24id"]`);

test('a card opens its game; a click with Ctrl or ⌘ opens it in a new tab instead', async ({ page, context, javaScriptEnabled }) => {
  const { card, href, title } = await firstCard(page);
  await interactive(card, javaScriptEnabled);

  const [tab] = await Promise.all([context.waitForEvent('page'), card.click({ modifiers: ['ControlOrMeta'] })]);
  // The new tab opens on about:blank first: wait for the card's page, not the first load event.
  await expect(tab).toHaveURL(new RegExp(`^https?://[^/]+${href}$`));
  await tab.close();
  await expect(page).toHaveURL(/\/$/);

  if (javaScriptEnabled) await markWindow(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  if (javaScriptEnabled) {
    expect(await windowMarked(page), 'the page changed on the client').toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('main a.card__link').first()).toHaveAttribute('href', href);
  }
});

test('resting on a card prefetches its page with JavaScript, and leaving it drops the prefetch', async ({ page, javaScriptEnabled }) => {
  const { card, href } = await firstCard(page);
  await interactive(card, javaScriptEnabled);

  await card.hover();
  if (javaScriptEnabled) {
    await expect(prefetchOf(page, href)).not.toHaveCount(0);
    await page.mouse.move(0, 0);
    await expect(prefetchOf(page, href)).toHaveCount(0);
    // By keyboard: focus is intent too, and leaving the card drops it.
    await card.focus();
    await expect(prefetchOf(page, href)).not.toHaveCount(0);
    await card.blur();
    await expect(prefetchOf(page, href)).toHaveCount(0);
  } else {
    await card.focus();
    await expect(page.locator('link[rel="prefetch"], link[rel="modulepreload"]')).toHaveCount(0);
  }
});

test('a menu link opens its page and marks it as the current page, and no other', async ({ page, javaScriptEnabled }) => {
  await page.goto('/live');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const live = nav.getByRole('link', { name: 'Live', exact: true });
  const schedule = nav.getByRole('link', { name: 'Schedule', exact: true });
  await expect(live).toHaveAttribute('aria-current', 'page');
  await expect(schedule).not.toHaveAttribute('aria-current');
  await interactive(schedule, javaScriptEnabled);

  if (javaScriptEnabled) await markWindow(page);
  await schedule.click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(schedule).toHaveAttribute('aria-current', 'page');
  await expect(live).not.toHaveAttribute('aria-current');
  if (javaScriptEnabled) expect(await windowMarked(page), 'the page changed on the client').toBe(true);
});
