import type { Locator, Page } from '@playwright/test';

/** Presses a Follow (or Following) button and waits until the channel has the change. With
 *  JavaScript the button turns at once and the post goes on behind it: a test that moved on at
 *  once would cut the post short, as a fan closing the tab would. */
export async function pressFollow(page: Page, button: Locator): Promise<void> {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/follow');
  await button.click();
  await answered;
}
