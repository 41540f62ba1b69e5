/* What the watch specs check of the player. */
import { expect, type Page } from '@playwright/test';

/** The page's video plays: its time moves past a second. Muted so that autoplay rules never stand
 *  in the way; a sync evaluate works without page JS too. */
export async function expectPlays(page: Page): Promise<void> {
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
}

/** With JavaScript, Plyr built over the video: an on-demand player is built once the fan reaches
 *  for it (the pointer over it here), a live one at once. */
export async function playerReady(page: Page): Promise<void> {
  await page.locator('.player').first().hover();
  await expect(page.locator('[data-player-ready="true"]')).toBeVisible({ timeout: 30_000 });
}
