/* The data saver (issue: the first screen, low-data mode): lighter pages on a slow or metered
   connection. A browser that sends Save-Data gets it at once; any browser can turn it on and off
   with the footer's switch, kept in a cookie without an account. With JavaScript off and on. */
import { finishedEvent } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const slidePictures = (page: import('@playwright/test').Page) => page.locator('.slides img');

test('the footer switch turns the data saver on and off, on the page it was used on', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Data saver is off.')).toBeVisible();
  await expect(slidePictures(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Turn data saver on' }).click();
  await expect(page.getByText('Data saver is on: smaller video first, no slide pictures.')).toBeVisible();
  await expect(page).toHaveURL(`${WEB_URL}/`);
  // The slides are their words: no picture is loaded.
  await expect(page.getByRole('region', { name: 'Featured' }).getByRole('listitem').first()).toBeVisible();
  await expect(slidePictures(page)).toHaveCount(0);
  expect((await page.context().cookies(WEB_URL)).map((c) => `${c.name}=${c.value}`)).toEqual(['__datasaver=on']);

  // It stays on, page after page, and a watch page still plays.
  await page.goto(`/watch/${(await finishedEvent('free')).id}`);
  await expect(page.getByText('Data saver is on: smaller video first, no slide pictures.')).toBeVisible();
  await expect(page.locator('video')).toHaveAttribute('preload', 'none');
  await page.getByRole('button', { name: 'Turn data saver off' }).click();
  await expect(page.getByText('Data saver is off.')).toBeVisible();
  await page.goto('/');
  await expect(slidePictures(page).first()).toBeVisible();
});

test.describe('a browser that asks to save data', () => {
  test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } });

  test('gets the lighter page at once, and can still turn it off', async ({ page }) => {
    const res = await page.goto('/');
    expect(await res?.headerValue('vary')).toMatch(/Save-Data/);
    await expect(page.getByText('Data saver is on: smaller video first, no slide pictures.')).toBeVisible();
    await expect(slidePictures(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Turn data saver off' }).click();
    await expect(page.getByText('Data saver is off.')).toBeVisible();
    await expect(slidePictures(page).first()).toBeVisible();
  });
});

test('a switch post from another site changes nothing', async ({ page }) => {
  const res = await page.request.post('/data-saver', { form: { mode: 'on', redirectTo: '/' }, headers: { Origin: 'http://evil.example' }, maxRedirects: 0 });
  expect(res.status()).toBe(403);
  expect(res.headers()['set-cookie']).toBeUndefined();
});
