/* /simulate: a visitor checks that this browser can play the channel. With JavaScript the page
   measures for itself; without it, the visitor gets the test file and its size to time by hand. */
import { channelName } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';

test('the browser check plays a test stream and reports what it can', async ({ page, javaScriptEnabled }) => {
  await page.goto('/simulate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your browser');
  await expect(page).toHaveTitle(`Check your browser | ${await channelName()}`);

  // The test video, with an HLS and an MP4 source that both answer.
  const video = page.locator('main video');
  await expect(video).toHaveCount(1);
  const sources = await video.locator('source').evaluateAll((els) => els.map((e) => (e as HTMLSourceElement).getAttribute('src') ?? ''));
  expect(
    sources.some((s) => s.endsWith('.m3u8')),
    `an HLS source among ${sources.join(', ')}`,
  ).toBe(true);
  expect(
    sources.some((s) => s.endsWith('.mp4')),
    `an MP4 source among ${sources.join(', ')}`,
  ).toBe(true);
  for (const src of sources) expect((await page.request.get(src, { headers: { Range: 'bytes=0-1023' } })).ok(), src).toBe(true);

  const download = page.getByRole('link', { name: /^Download the test video/ });
  await expect(download).toBeVisible();

  if (javaScriptEnabled) {
    const results = page.getByRole('table', { name: 'Browser check results' });
    await expect(results).toBeVisible();
    const row = (name: string) => results.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row('Plays HLS natively').getByRole('cell')).toHaveText(/^(Yes|No)$/);
    // Chromium has Media Source Extensions.
    await expect(row('Media Source Extensions \\(MSE\\)').getByRole('cell')).toHaveText('Yes');
    await expect(row('Download speed').getByRole('cell')).toHaveText(/\d+(\.\d+)? Mbit\/s/, { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Checks complete.' })).toBeVisible();
  } else {
    // Nothing can measure here: the page says so and offers the file with its size.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(download).toHaveText(/\(\d+(\.\d)? (MB|kB)\)$/);
    // Playwright's no-JS mode does not lay out <noscript> as a browser without JS does, so read
    // the markup it holds (the fixture's axe replay shows it unwrapped).
    expect(await page.locator('main noscript').evaluate((n) => n.textContent ?? '')).toContain('Turn on JavaScript to have this page check');
    const href = await download.getAttribute('href');
    const res = await page.request.get(href!, { headers: { Range: 'bytes=0-1023' } });
    expect([200, 206]).toContain(res.status());
    expect(res.headers()['content-type']).toMatch(/^video\/mp4/);
  }
});
