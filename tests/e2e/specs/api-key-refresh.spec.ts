/* The e2e channel API issues api keys that live 10 s (API_KEY_TTL_SECONDS in
   playwright.config.ts). A visitor who comes back after the keys expired still gets pages: the
   web server asks for new keys and the visitor never sees 'Whoops!'. Both kinds of key are
   covered: lists come through the server's shared content, a watch page through a per-viewer
   call (access and region are the viewer's) — both with the server's own key for an anonymous
   visitor, who gets no session cookie at all. */
import type { Page } from '@playwright/test';
import { keyWorks, newApiKey } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const KEY_TTL_MS = 10_000;

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
  expect(await sessionCookie(page), 'an anonymous visitor gets no session').toBeUndefined();

  // A key issued now expires after every key the pages above were read with: once the channel
  // refuses it, they have all expired.
  const later = await newApiKey();
  await expect.poll(() => keyWorks(later), { timeout: KEY_TTL_MS + 10_000, intervals: [500] }).toBe(false);

  // Every page below needs an api key; the ones issued above have expired.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'On demand', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('On demand');
  await expect(page.locator('main section[aria-labelledby]').first()).toBeVisible();
  await expect(page.getByText('Whoops!')).toHaveCount(0);

  expect(await watchFirstListedEvent(page), 'the same event heads the list').toBe(title);
  await expect(page.getByText('Whoops!')).toHaveCount(0);
  // The server renewed its own key: still nothing stored in the visitor's browser.
  expect(await sessionCookie(page), 'an anonymous visitor gets no session').toBeUndefined();
});
