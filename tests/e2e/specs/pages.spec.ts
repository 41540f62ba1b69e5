/* The other visitor pages: /404, a custom page, the embed player, no access, geo block, and the
   skip link. */
import { channelName, customPages, eventTitle, finishedEvent } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

test('an unknown path redirects to /404, which links home', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.request().redirectedFrom()?.url()).toContain('/no-such-page/at-all');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry! - Game Not Found');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(await channelName());
});

test('a custom page of the channel opens from the footer', async ({ page }) => {
  const [custom] = await customPages();
  expect(custom, 'the demo channel has custom pages').toBeDefined();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: custom.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${custom.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(custom.name);
  await expect(page).toHaveTitle(`${custom.name} | ${await channelName()}`);
});

test('watch_embed shows the player in a plain layout', async ({ page }) => {
  const event = await finishedEvent('free');
  await page.goto(`/watch_embed/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(event));
  await expect(page.locator('video')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Footer' })).toHaveCount(0);
});

test('a paid event tells the visitor a pass is needed', async ({ page }) => {
  const event = await finishedEvent('paid');
  await page.goto(`/watch/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(event));
  await expect(page.getByText('You need a pass to watch this event.')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Ways to watch' }).getByRole('link', { name: /^Buy this game/ })).toBeVisible();
  await page.getByRole('link', { name: 'See all passes and packages' }).click();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packages');
});

test.describe('from a blocked region', () => {
  // TEST-NET-3 is the demo channel's blocked test region; the e2e web server trusts the proxy header.
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.9' } });

  test('a free event does not play', async ({ page }) => {
    const event = await finishedEvent('free');
    await page.goto(`/watch/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(event));
    await expect(page.getByText("We're sorry, but this content is not available in your region.")).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
  });
});

test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
  await page.goto('/upcoming');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
