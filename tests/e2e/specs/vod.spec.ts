/* The on-demand library: rails scroll by themselves only with JavaScript, with a pause
   control, and never for a visitor who prefers reduced motion. */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const railPositions = (page: Page) => page.locator('section.rail ul').evaluateAll((uls) => uls.map((ul) => ul.scrollLeft));

test('the library lists rails with a search form', async ({ page, javaScriptEnabled }) => {
  await page.goto('/vod_library');
  await expect(page.getByRole('heading', { level: 1, name: 'On demand' })).toBeVisible();
  const search = page.getByRole('search', { name: 'Search videos' });
  await expect(search.getByRole('button', { name: 'Search' })).toBeVisible();
  const rails = page.locator('main section[aria-labelledby]');
  expect(await rails.count()).toBeGreaterThan(0);
  const toggle = page.getByRole('button', { name: 'Pause auto-scroll' });
  if (javaScriptEnabled) {
    await expect(toggle.first()).toBeVisible();
    await toggle.first().click();
    await expect(page.getByRole('button', { name: 'Resume auto-scroll' }).first()).toBeVisible();
  } else {
    await expect(toggle).toHaveCount(0);
  }
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('rails have no auto-scroll control and do not move', async ({ page }) => {
    await page.goto('/vod_library');
    await expect(page.getByRole('heading', { level: 1, name: 'On demand' })).toBeVisible();
    await expect(page.getByRole('button', { name: /auto-scroll/ })).toHaveCount(0);
    const before = await railPositions(page);
    // Longer than the 5000 ms scroll interval.
    await page.waitForTimeout(6_000);
    expect(await railPositions(page)).toEqual(before);
  });
});
