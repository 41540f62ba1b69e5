/* The game lists (issue 34): /live, /upcoming, /vod (On demand) and /schedule each hold what their
   name says, in their order: live now; from now on, soonest first; finished, newest first; today
   and later, soonest first, with the earlier days one link away. Their filters, view modes and
   pagination are plain GET forms and links that work with JavaScript off. */
import type { Page } from '@playwright/test';
import { listEvents } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

const results = (page: Page) => page.locator('main ul[data-view]').first();
/** The games a list shows, by id, in its order. */
const shownIds = (page: Page) =>
  results(page)
    .locator('article a[href^="/watch/"]')
    .evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/')[2])));
/** The start times the cards show (their <time datetime>), in epoch seconds. */
const shownTimes = (page: Page) =>
  results(page)
    .locator('article time[datetime]')
    .evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute('datetime')!) / 1000));

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);

/** A list's first page and the channel's answer for it, taken again if a game started between them. */
async function expectList(page: Page, path: string, heading: string, channelQuery: Record<string, string | number>) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const { items } = await listEvents({ ...channelQuery, limit: 12 });
    expect(items.length, `the demo channel has games for ${path}`).toBeGreaterThan(0);
    expect(await shownIds(page), `${path} shows the channel's games in its order`).toEqual(items.map((e) => e.id));
  }).toPass({ timeout: 30_000 });
}

test('/live shows the games live now', async ({ page }) => {
  await expectList(page, '/live', 'Live now', { stream_status: 'live', sort_direction: 'asc' });
  await expect(page.getByRole('region', { name: 'Games live now' }).locator('article')).not.toHaveCount(0);
  await expect(page.locator('main article').getByText('Live', { exact: true })).toHaveCount((await shownIds(page)).length);
});

test('/upcoming shows the games to come, soonest first', async ({ page }) => {
  await expectList(page, '/upcoming', 'Upcoming', { stream_status: 'upcoming', sort_direction: 'asc' });
  const times = await shownTimes(page);
  expect(times[0], 'the first game is still to come').toBeGreaterThan(Date.now() / 1000 - 60);
  expect(ascending(times), 'soonest first').toBe(true);
});

test('/vod (On demand) shows the finished games newest first, and the latest videos', async ({ page }) => {
  await expectList(page, '/vod', 'On demand', { stream_status: 'finished', sort_direction: 'desc' });
  const times = await shownTimes(page);
  expect(times[0]).toBeLessThan(Date.now() / 1000);
  expect(descending(times), 'newest first').toBe(true);
  const videos = page.getByRole('region', { name: 'Latest videos' });
  await expect(videos.locator('a[href^="/vod_library/"]')).not.toHaveCount(0);
  await videos.getByRole('link', { name: 'All videos' }).click();
  await expect(page).toHaveURL(/\/vod_library$/);
  // The library itself, not the list it replaces while the app renders it (what axe scans next).
  await expect(page.getByRole('heading', { name: 'Latest highlights' })).toBeVisible();
});

test('/schedule opens on today and later, soonest first; the earlier days are one link away, newest first', async ({ page }) => {
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
  const earlierLink = page.getByRole('link', { name: 'Earlier games' });
  // The link's To day is yesterday in the channel's zone: every game here starts after it.
  const yesterday = new URL((await earlierLink.getAttribute('href'))!, 'http://x').searchParams.get('to')!;
  expect(yesterday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const [y, m, d] = yesterday.split('-').map(Number);
  const startOfToday = Date.UTC(y, m - 1, d + 1) / 1000;
  const todayOn = await shownTimes(page);
  expect(todayOn.length).toBeGreaterThan(0);
  // Allow the channel's zone to be up to 14 hours from UTC.
  for (const t of todayOn) expect(t, 'no game of an earlier day').toBeGreaterThan(startOfToday - 14 * 3600);
  expect(ascending(todayOn), 'soonest first').toBe(true);

  await earlierLink.click();
  await expect(page).toHaveURL(new RegExp(`/schedule\\?to=${yesterday}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Earlier games');
  const earlier = await shownTimes(page);
  expect(earlier.length, 'the demo channel has games of earlier days').toBeGreaterThan(0);
  for (const t of earlier) expect(t).toBeLessThan(startOfToday + 14 * 3600);
  expect(descending(earlier), 'newest first').toBe(true);
  expect(Math.max(...earlier)).toBeLessThanOrEqual(Math.min(...todayOn));

  await page.getByRole('link', { name: 'Today and later' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
});

test('/live says when nothing is live and offers the next games', async ({ page }) => {
  await page.goto('/live');
  // A sport with nothing live now but games to come.
  const sports = await page
    .getByLabel('Sport')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  let quiet: string | undefined;
  for (const sport of sports) {
    const [live, next] = await Promise.all([
      listEvents({ stream_status: 'live', category: sport }),
      listEvents({ stream_status: 'upcoming', category: sport }),
    ]);
    if (live.total === 0 && next.total > 0) quiet = sport;
  }
  expect(quiet, 'the demo channel has a sport with nothing live').toBeDefined();
  await page.getByLabel('Sport').selectOption(quiet!);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/live\\?(.*&)?sport=${quiet}(&|$)`));
  await expect(page.getByText('Nothing is live right now.')).toBeVisible();
  const next = page.getByRole('region', { name: 'Coming up next' });
  const { items } = await listEvents({ stream_status: 'upcoming', category: quiet!, sort_direction: 'asc', limit: 6 });
  const ids = await next.locator('article a[href^="/watch/"]').evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/')[2])));
  expect(ids).toEqual(items.map((e) => e.id));
  await next.getByRole('link', { name: 'All upcoming games' }).click();
  await expect(page).toHaveURL(new RegExp(`/upcoming\\?sport=${quiet}$`));
});

test('an old link to one status of the schedule opens that status’s list', async ({ page }) => {
  await page.goto('/upcoming?status=live&view=list');
  await expect(page).toHaveURL(/\/live\?view=list$/);
  await page.goto('/upcoming?status=finished');
  await expect(page).toHaveURL(/\/vod$/);
});

test('grid and list view modes switch the list and keep the filters', async ({ page }) => {
  // A From day of its own: the finished games from then on.
  await page.goto('/schedule?status=finished&from=2000-01-01');
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

test('a filter narrows the schedule to what the channel holds', async ({ page }) => {
  await page.goto('/schedule');
  await page.getByLabel('Status').selectOption({ label: 'Upcoming' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/schedule\?status=upcoming(&|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const upcoming = await listEvents({ stream_status: 'upcoming', limit: 100 });
  const ids = new Set(upcoming.items.map((e) => e.id));
  const shown = await shownIds(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const id of shown) expect(ids, 'every listed game is upcoming').toContain(id);

  // Nothing in the far future: the empty state.
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await page.getByLabel('From').fill('2099-01-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No games match these filters.')).toBeVisible();
});

test('pagination moves through a list', async ({ page }) => {
  await page.goto('/vod');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText(/Page 1 of \d+/);
  const pages = Number((await pagination.textContent())!.match(/Page 1 of (\d+)/)![1]);
  expect(pages, 'the demo channel fills more than one page').toBeGreaterThan(1);
  const first = await shownIds(page);

  await pagination.getByRole('link', { name: 'Next page' }).click();
  await expect(pagination).toContainText(`Page 2 of ${pages}`);
  const second = await shownIds(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second).not.toContain(first[0]);

  await pagination.getByRole('link', { name: 'Previous page' }).click();
  await expect(pagination).toContainText(`Page 1 of ${pages}`);
  expect(await shownIds(page)).toEqual(first);
});
