/* The visitor's main path: home → On demand → a finished free event, which plays. */
import type { Page } from '@playwright/test';
import { channelName, eventTitle, listEvents } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectPlays } from '../support/player.ts';

/** Every media URL the server-rendered <video> offers (its src and its <source> children). */
async function videoSources(page: Page): Promise<string[]> {
  const video = page.locator('video');
  const srcs = [await video.getAttribute('src'), ...(await video.locator('source').evaluateAll((els) => els.map((e) => e.getAttribute('src'))))];
  return srcs.filter((s): s is string => Boolean(s));
}

test('home → On demand → a finished free event plays', async ({ page, javaScriptEnabled, checkA11y }) => {
  const { items } = await listEvents({ stream_status: 'finished', limit: 100 });
  const freeIds = new Set(items.filter((e) => e.type === 'free').map((e) => e.id));
  expect(freeIds.size, 'the demo channel has finished free events').toBeGreaterThan(0);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(await channelName());
  for (const section of ['Live now', 'Upcoming', 'On demand']) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }

  // The finished games, newest first; then the first free one listed.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'On demand' }).click();
  await expect(page).toHaveURL(/\/vod$/);
  await expect(page.getByRole('heading', { level: 1, name: 'On demand' })).toBeVisible();
  await checkA11y();
  const hrefs = await page.locator('main ul[data-view] a[href^="/watch/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  const id = hrefs.map((h) => Number(h.split('/').pop())).find((n) => freeIds.has(n));
  expect(id, 'a free finished event on the first page of the filtered list').toBeDefined();
  const event = items.find((e) => e.id === id)!;
  const title = eventTitle(event);
  await page.getByRole('link', { name: title }).first().click();

  await expect(page).toHaveURL(new RegExp(`/watch/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | ${await channelName()}`);
  const video = page.locator('video');
  await expect(video.locator('track[kind="captions"][srclang="en"]')).toHaveCount(1);

  if (javaScriptEnabled) {
    // An on-demand player stays the browser's own until the fan reaches for it (ADR 048). Play
    // pressed there builds Plyr around the playing video, which plays on: its button says Pause.
    // (The page again with the pointer away: it rested over the player after the card's click.)
    await page.mouse.move(0, 0);
    await page.reload();
    await expect(page.locator('.player')).toBeVisible();
    await expect(page.locator('[data-player-ready="true"]')).toHaveCount(0);
    await expectPlays(page);
    await expect(page.locator('[data-player-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.player button[data-plyr="play"]').first()).toHaveAccessibleName(/^Pause\b/);
    const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(at + 1);
  } else {
    await expect(video).toHaveAttribute('controls', '');
    // The server-rendered player needs no script: its HLS and MP4 renditions answer.
    const sources = await videoSources(page);
    const hls = sources.find((s) => s.endsWith('.m3u8'));
    const mp4 = sources.find((s) => s.endsWith('.mp4'));
    expect(hls, `an HLS source among ${sources.join(', ')}`).toBeTruthy();
    expect(mp4, `an MP4 source among ${sources.join(', ')}`).toBeTruthy();
    const hlsRes = await page.request.get(hls!);
    expect(hlsRes.status()).toBe(200);
    expect(hlsRes.headers()['content-type']).toMatch(/application\/(vnd\.apple\.mpegurl|x-mpegurl)/i);
    expect(await hlsRes.text()).toContain('#EXTM3U');
    const mp4Res = await page.request.get(mp4!, { headers: { Range: 'bytes=0-1023' } });
    expect([200, 206]).toContain(mp4Res.status());
    expect(mp4Res.headers()['content-type']).toMatch(/^video\/mp4/);
    const vtt = await page.request.get((await video.locator('track[kind="captions"]').getAttribute('src'))!);
    expect(vtt.status()).toBe(200);
    expect(await vtt.text()).toMatch(/^WEBVTT/);
    await expectPlays(page);
  }
});

test('the player is usable before the app starts, and if it never does: a click or Enter plays it', async ({ page, javaScriptEnabled, checkA11y }) => {
  const { items } = await listEvents({ stream_status: 'finished', limit: 100 });
  const free = items.find((e) => e.type === 'free');
  expect(free, 'the demo channel has a finished free event').toBeDefined();
  // The app's scripts never arrive: what the fan has is the page and its own inline scripts.
  await page.route('**/build/**', (route) => route.abort());
  await page.goto(`/watch/${free!.id}`);
  const video = page.locator('main video');
  const playSign = () => page.locator('.player').evaluate((box) => getComputedStyle(box, '::after').content);
  const plays = () => expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);

  if (!javaScriptEnabled) {
    // The browser's own controls, at once, and no play sign over them.
    await expect(video).toHaveAttribute('controls', '');
    expect(await playSign()).toBe('none');
    await checkA11y();
    await expectPlays(page);
    return;
  }
  // The poster without the native controls (their loading spinner restyles every frame: ADR 066),
  // a play sign over it, and the video still in the Tab order.
  await expect(video).not.toHaveAttribute('controls');
  expect(await playSign()).not.toBe('none');
  await checkA11y();
  await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
  await video.focus();
  await expect(video).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(video).toHaveAttribute('controls', '');
  expect(await playSign()).toBe('none');
  await plays();

  // A click does the same on a fresh page.
  await page.reload();
  await expect(video).not.toHaveAttribute('controls');
  await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
  await video.click();
  await expect(video).toHaveAttribute('controls', '');
  await plays();
});
