/* The e2e channel API issues api keys that live 20 s (API_KEY_TTL_SECONDS in
   playwright.config.ts). A visitor who comes back after the keys expired still gets pages: the
   web server asks for new keys and the visitor never sees 'Whoops!'. Both kinds of key are
   covered: lists come through the server's shared content (the process's own key), a watch page
   through the visitor's session key (access and region are per viewer). */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const KEY_TTL_MS = 20_000;

const eventLinks = (page: Page) => page.locator('main ul[data-view] a[href^="/watch/"]');

const sessionCookie = async (page: Page) => (await page.context().cookies(WEB_URL)).find((c) => c.name === '__session')?.value;

async function watchFirstListedEvent(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
  await expect(eventLinks(page).first()).toBeVisible();
  const title = ((await eventLinks(page).first().textContent()) ?? '').trim();
  await eventLinks(page).first().click();
  await expect(page).toHaveURL(/\/watch\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  return title;
}

test('browsing keeps working after the api keys expire', async ({ page }) => {
  test.setTimeout(120_000);

  await page.goto('/');
  const title = await watchFirstListedEvent(page);
  // The watch page asked for the visitor's own key, kept in the session cookie.
  const sessionBefore = await sessionCookie(page);
  expect(sessionBefore, 'the watch page gave the visitor a session').toBeTruthy();

  await page.waitForTimeout(KEY_TTL_MS + 3_000);

  // Every page below needs an api key; the ones issued above have expired.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'On demand', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('On demand');
  await expect(page.locator('main section[aria-labelledby]').first()).toBeVisible();
  await expect(page.getByText('Whoops!')).toHaveCount(0);

  expect(await watchFirstListedEvent(page), 'the same event heads the list').toBe(title);
  await expect(page.getByText('Whoops!')).toHaveCount(0);
  // The new key went back into the session, so the next pages use it instead of asking again.
  expect(await sessionCookie(page), 'the session holds a new api key').not.toBe(sessionBefore);
});
