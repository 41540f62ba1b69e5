/* The events list (/upcoming and its aliases): filters, view modes and pagination, all plain
   GET forms and links that work with JavaScript off. */
import type { Page } from '@playwright/test';
import { eventTitle, listEvents } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

const results = (page: Page) => page.locator('main ul[data-view]');
const titles = (page: Page) =>
  results(page)
    .locator('a[href^="/watch/"]')
    .evaluateAll((as) => as.map((a) => (a.textContent ?? '').trim()));

test('/vod, /live and /schedule show the same list as /upcoming', async ({ page }) => {
  await page.goto('/upcoming');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const expected = (await titles(page)).slice(0, 5);
  expect(expected.length).toBeGreaterThan(0);
  for (const alias of ['/vod', '/live', '/schedule']) {
    await page.goto(alias);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    expect((await titles(page)).slice(0, 5), `first titles on ${alias}`).toEqual(expected);
  }
});

test('grid and list view modes switch the list and keep the filters', async ({ page }) => {
  await page.goto('/upcoming?status=finished');
  await expect(results(page)).toHaveAttribute('data-view', 'grid');
  await expect(page.getByRole('link', { name: 'Grid view' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: 'List view' }).click();
  await expect(page).toHaveURL(/[?&]view=list/);
  await expect(page).toHaveURL(/[?&]status=finished/);
  await expect(results(page)).toHaveAttribute('data-view', 'list');
  await expect(page.getByRole('link', { name: 'List view' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Status')).toHaveValue('finished');

  await page.getByRole('link', { name: 'Grid view' }).click();
  await expect(page).toHaveURL(/[?&]status=finished/);
  await expect(results(page)).toHaveAttribute('data-view', 'grid');
});

test('a filter narrows the results to what the channel holds', async ({ page }) => {
  const live = await listEvents({ stream_status: 'live', limit: 100 });
  await page.goto('/upcoming');
  await page.getByLabel('Status').selectOption({ label: 'Live' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]status=live/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  expect(live.total, 'the demo channel has live events').toBeGreaterThan(0);
  const shown = await titles(page);
  const liveTitles = live.items.map(eventTitle);
  expect(shown.length).toBeGreaterThan(0);
  for (const title of shown) expect(liveTitles, 'every listed event is live').toContain(title);
  const all = await listEvents({ limit: 1 });
  expect(live.total).toBeLessThan(all.total);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  const onePage = (await pagination.count()) === 0 || /Page 1 of 1\b/.test((await pagination.textContent()) ?? '');
  if (onePage) expect(shown.length, 'every live event is listed').toBe(live.total);

  // Nothing in the far future: the empty state.
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await page.getByLabel('From').fill('2099-01-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No events match these filters.')).toBeVisible();
});

test('pagination moves through the list', async ({ page }) => {
  await page.goto('/upcoming');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText(/Page 1 of \d+/);
  const pages = Number((await pagination.textContent())!.match(/Page 1 of (\d+)/)![1]);
  expect(pages, 'the demo channel fills more than one page').toBeGreaterThan(1);
  const first = await titles(page);

  await pagination.getByRole('link', { name: 'Next page' }).click();
  await expect(pagination).toContainText(`Page 2 of ${pages}`);
  const second = await titles(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second[0]).not.toBe(first[0]);

  await pagination.getByRole('link', { name: 'Previous page' }).click();
  await expect(pagination).toContainText(`Page 1 of ${pages}`);
  expect(await titles(page)).toEqual(first);
});
