/* Keyboard only: the skip link comes first, then the main navigation in menu order; the player's
   Play control is reachable and works from the keyboard. */
import type { Page } from '@playwright/test';
import { finishedEvent } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

/** What has focus now: its role-ish tag, accessible text and whether it sits in the Main nav. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      inMainNav: Boolean(el?.closest('nav[aria-label="Main"]')),
    };
  });
}

test('Tab goes from the skip link through the Main nav links in order', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const expected = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
  expect(expected.slice(0, 3)).toEqual(['Live', 'Schedule', 'On demand']);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  // Before the nav only the brand link (home) may come; then every nav link, in order.
  const reached: string[] = [];
  for (let i = 0; i < expected.length + 2 && reached.length < expected.length; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f.inMainNav) reached.push(f.name);
    else expect(reached, `focus left the Main nav early, on <${f.tag}> "${f.name}"`).toEqual([]);
  }
  expect(reached).toEqual(expected);
});

test("the player's Play control is reachable and works by keyboard", async ({ page, javaScriptEnabled }) => {
  const event = await finishedEvent('free');
  await page.goto(`/watch/${event.id}`);
  const video = page.locator('main video');
  await expect(video).toHaveCount(1);

  // Tab from the top of the page until the player. With JavaScript an on-demand player is built
  // when the fan reaches for it: keyboard focus on the video builds Plyr and lands on its Play.
  let reached = false;
  for (let i = 0; i < 60 && !reached; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    // The video, or Plyr's Play if the video's focus has already built it.
    reached = f.tag === 'video' || (javaScriptEnabled && f.tag === 'button' && /^Play\b/.test(f.name));
  }
  expect(reached, 'Tab reaches the player').toBe(true);
  if (javaScriptEnabled) {
    await expect(page.locator('[data-player-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const f = await focused(page);
          return f.tag === 'button' && /^Play\b/.test(f.name);
        },
        { message: "focus moves to Plyr's Play once it is built" },
      )
      .toBe(true);
    await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000, message: 'Enter on Play starts the video' })
      .toBeGreaterThan(1);
  }
});
