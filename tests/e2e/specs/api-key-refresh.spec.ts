/* The e2e channel API issues api keys that live 20 s (API_KEY_TTL_SECONDS in
   playwright.config.ts). A visitor who comes back after the key expired still gets pages: the
   web server asks for a new key and retries, and the visitor never sees 'Whoops!'. */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const KEY_TTL_MS = 20_000;

const eventLinks = (page: Page) => page.locator('main ul[data-view] a[href^="/watch/"]');

test('browsing keeps working after the api key expires', async ({ page }) => {
  test.setTimeout(120_000);

  // The first visit gets the session its api key.
  await page.goto('/upcoming');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
  expect(await eventLinks(page).count(), 'events listed with a fresh key').toBeGreaterThan(0);
  const firstTitle = ((await eventLinks(page).first().textContent()) ?? '').trim();

  await page.waitForTimeout(KEY_TTL_MS + 3_000);

  // Every call below needs an api key; the session's one has expired.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'On demand', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('On demand');
  await expect(page.locator('main section[aria-labelledby]').first()).toBeVisible();
  await expect(page.getByText('Whoops!')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
  await expect(eventLinks(page).first()).toHaveText(firstTitle);

  await eventLinks(page).first().click();
  await expect(page).toHaveURL(/\/watch\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await expect(page.getByText('Whoops!')).toHaveCount(0);
});
