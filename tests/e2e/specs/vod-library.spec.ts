/* The on-demand library as a visitor uses it: search by title, browse a category, open a video. */
import type { Page } from '@playwright/test';
import { channelName } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { playerReady } from '../support/player.ts';

const cardTitles = (page: Page, scope = 'main') =>
  page.locator(`${scope} a[href^="/vod_library/"]`).evaluateAll((as) => as.map((a) => a.querySelector('.vod-card-title')?.textContent?.trim() ?? ''));

test('searching by title narrows the library; a nonsense title finds nothing', async ({ page }) => {
  await page.goto('/vod_library');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('On demand');
  const inRails = [...new Set(await cardTitles(page, 'main section[aria-labelledby]'))];
  expect(inRails.length, 'the rails show several videos').toBeGreaterThan(2);

  // A distinctive word of a title the library shows.
  const target = inRails[0];
  const word = target.split(/[^A-Za-z]+/).sort((a, b) => b.length - a.length)[0];
  const search = page.getByRole('search', { name: 'Search videos' });
  await search.getByLabel('Title').fill(word);
  await search.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(new RegExp(`[?&]title=${encodeURIComponent(word)}`));
  await expect(page.getByRole('heading', { level: 2, name: `Results for “${word}”` })).toBeVisible();
  const found = await cardTitles(page);
  expect(found, 'the video the word came from is found').toContain(target);
  for (const title of found) expect(title.toLowerCase(), 'every result matches the search').toContain(word.toLowerCase());
  expect(found.length, 'the search narrows the library').toBeLessThan(inRails.length);
  await expect(page.getByText(found.length === 1 ? '1 video' : `${found.length} videos`, { exact: true })).toBeVisible();
  await expect(search.getByLabel('Title')).toHaveValue(word);

  await search.getByLabel('Title').fill('zzqx nonsense 9137');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No videos match your search.')).toBeVisible();
  expect(await cardTitles(page)).toEqual([]);
});

test('a category link lists that category', async ({ page }) => {
  await page.goto('/vod_library');
  const categories = page.getByRole('navigation', { name: 'Video categories' });
  await expect(categories.getByRole('link', { name: 'All videos' })).toHaveAttribute('aria-current', 'page');
  const links = categories.getByRole('link');
  expect(await links.count(), 'the demo channel has video categories').toBeGreaterThan(1);
  const category = links.nth(1);
  const name = ((await category.textContent()) ?? '').trim();

  await category.click();
  await expect(page).toHaveURL(/[?&]category=\d+/);
  await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  const titles = await cardTitles(page);
  expect(titles.length, `videos in ${name}`).toBeGreaterThan(0);

  await categories.getByRole('link', { name: 'All videos' }).click();
  await expect(page).toHaveURL(/\/vod_library$/);
  await expect(page.locator('main section[aria-labelledby]').first()).toBeVisible();
});

test('a video of the library opens on its own page with a player', async ({ page, javaScriptEnabled }) => {
  await page.goto('/vod_library');
  const firstRail = page.locator('main section[aria-labelledby]').first();
  const card = firstRail.locator('a[href^="/vod_library/"]').first();
  const title = ((await card.locator('.vod-card-title').textContent()) ?? '').trim();
  expect(title).not.toBe('');

  await page.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(/\/vod_library\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | ${await channelName()}`);
  const video = page.locator('main video');
  await expect(video).toHaveCount(1);
  await expect(video.locator('source[type="video/mp4"]')).toHaveCount(1);
  await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
  if (javaScriptEnabled) await playerReady(page);
  else await expect(video).toHaveAttribute('controls', '');

  await page.getByRole('link', { name: 'Back to On demand' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('On demand');
});
