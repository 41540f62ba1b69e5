/* Watching what is not finished: an upcoming event counts down to its start, a live one plays
   the live stream. Events are picked from the home page's sections, as a visitor would. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** The event cards of one home page section (by its h2). */
function homeSection(page: Page, heading: string): Locator {
  return page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
}

async function cardLinkTitle(card: Locator): Promise<string> {
  return ((await card.locator('a[href^="/watch/"]').first().textContent()) ?? '').trim();
}

test('an upcoming event shows when it starts and counts down', async ({ page, javaScriptEnabled }) => {
  await page.goto('/');
  const card = homeSection(page, 'Upcoming').locator('article').first();
  const title = await cardLinkTitle(card);
  expect(title, 'the home page lists an upcoming event').not.toBe('');
  await page.getByRole('link', { name: title, exact: true }).first().click();

  await expect(page).toHaveURL(/\/watch\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const main = page.getByRole('main');
  await expect(main.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(main.locator('video')).toHaveCount(0);

  const starts = main.locator('p').filter({ hasText: /^Starts (?!in )/ });
  await expect(starts).toHaveCount(1);
  await expect(starts.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  const countdown = main
    .locator('p')
    .filter({ hasText: /^Starts in / })
    .locator('time');
  await expect(countdown).toHaveText(/\d+ seconds?$/);
  await expect(countdown).toHaveAttribute('datetime', /^P/);
  const first = (await countdown.textContent())!;
  if (javaScriptEnabled) {
    // It ticks every second.
    await expect(countdown).not.toHaveText(first, { timeout: 5_000 });
  } else {
    await page.waitForTimeout(2_500);
    await expect(countdown, 'without JavaScript the server-rendered time stays').toHaveText(first);
  }
});

test('a live event plays the live stream', async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  // A free live event, so the visitor needs no pass.
  const card = homeSection(page, 'Live now')
    .locator('article')
    .filter({ has: page.getByText('Free', { exact: true }) })
    .first();
  const title = await cardLinkTitle(card);
  expect(title, 'the home page lists a free live event').not.toBe('');
  await page.getByRole('link', { name: title, exact: true }).first().click();

  await expect(page).toHaveURL(/\/watch\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const main = page.getByRole('main');
  // The status badge (a live game's DVR controls have a 'Live' link of their own).
  await expect(main.locator('.watch-badges').getByText('Live', { exact: true })).toBeVisible();
  const video = main.locator('video');
  await expect(video).toHaveCount(1);
  const hls = await video.locator('source[type="application/vnd.apple.mpegurl"]').getAttribute('src');
  expect(hls).toMatch(/\.m3u8$/);
  const playlist = await page.request.get(hls!);
  expect(playlist.status()).toBe(200);
  expect(await playlist.text()).toContain('#EXTM3U');

  if (javaScriptEnabled) {
    await expect(page.locator('[data-player-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play().catch(() => undefined);
    });
    // A live stream starts near its edge, so compare with where it was, not with 0.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
    const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000, message: 'currentTime advances' })
      .toBeGreaterThan(start + 1);
  } else {
    await expect(video).toHaveAttribute('controls', '');
  }
});
