/* Pre-roll ads (ADR 050): the setup turned one on for one finished free game (support/prerolls.ts).
   A visitor gets the ad stitched in front of the game, told it is an advertisement, with a Skip
   that waits for the skip time and then keeps the ad away for an hour; a fan whose subscription
   grants no_ads never gets it. */
import type { BrowserContext, Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { subscribe, subscriptions } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { playerReady } from '../support/player.ts';
import { E2E_PREROLL, prerollGame } from '../support/prerolls.ts';

test.describe.configure({ mode: 'serial' });

let gameId: number;

test.beforeAll(async () => {
  gameId = await prerollGame();
});

const adRegion = (page: Page) => page.getByRole('region', { name: 'Advertisement' });
const hlsSource = (page: Page) => page.locator('video source[type="application/vnd.apple.mpegurl"]').getAttribute('src');

/** Plays the video (muted: autoplay rules never stand in the way), once the player is set up when
 *  the page runs its scripts. */
async function play(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await playerReady(page);
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
}
const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('a visitor gets the ad first, said to be one, with the advertiser’s link and a stitched stream', async ({ page, javaScriptEnabled }) => {
  await page.goto(`/watch/${gameId}`);
  const ad = adRegion(page);
  await expect(ad).toBeVisible();
  await expect(ad).toContainText('The game starts after this ad (8 seconds). You can skip it after 3 seconds.');
  const link = ad.getByRole('link', { name: 'Visit the advertiser (opens in a new tab)' });
  await expect(link).toHaveAttribute('rel', 'sponsored noopener');
  await expect(link).toHaveAttribute('target', '_blank');
  // The link is ours: the click is counted there, then the advertiser's address.
  const click = await page.request.get((await link.getAttribute('href'))!, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toBe(E2E_PREROLL.link);

  // The page offers the stream with the ad in front, and the captions moved by its length.
  const src = (await hlsSource(page))!;
  expect(src).toMatch(/^\/media\/vod\/game-\d\/preroll-1\/master\.m3u8$/);
  await expect(page.locator('video track')).toHaveAttribute('src', src.replace('master.m3u8', 'captions.vtt'));
  const rendition = await (await page.request.get(src.replace('master.m3u8', '360p.m3u8'))).text();
  const uris = rendition.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(uris.slice(0, 5)).toEqual(['ad/360p_000.ts', 'ad/360p_001.ts', 'ad/360p_002.ts', 'ad/360p_003.ts', 'after-ad/360p_000.ts']);
  expect(rendition).toMatch(/ad\/360p_003\.ts\n#EXT-X-DISCONTINUITY\n/);

  // It plays: the ad, then on into the game.
  const afterAd = page.waitForRequest(/\/preroll-1\/after-ad\//, { timeout: 40_000 });
  await play(page, javaScriptEnabled);
  await afterAd;
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(E2E_PREROLL.duration + 0.5);
  if (javaScriptEnabled) {
    // With JavaScript the end of the ad is reported: the notice goes, the game plays on.
    await expect(ad).toBeHidden();
    const t = await videoTime(page);
    await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(t);
  }
});

test('Skip: not before the skip time; then the game without the ad, for the hour', async ({ page, context, javaScriptEnabled, browser }) => {
  // Without JavaScript the wait counts from when the page was made, and a copy the microcache kept
  // is older (ADR 050): a page of its own (a query string of its own is never served from it).
  const own = `/watch/${gameId}?visit=${Date.now()}`;
  await page.goto(own);
  const ad = adRegion(page);
  const skip = ad.getByRole('button', { name: /^Skip ad/ });
  if (javaScriptEnabled) {
    // The button waits for the ad to play its skip time, then skips in place.
    await expect(skip).toHaveText('Skip ad in 3 s');
    await expect(skip).toHaveAttribute('aria-disabled', 'true');
    // Reachable by keyboard, and pressing it before its time does nothing.
    await skip.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await expect(ad).toBeVisible();
    await expect(page).toHaveURL(own);
    await play(page, javaScriptEnabled);
    await expect(skip).toHaveText('Skip ad', { timeout: 20_000 });
    await expect(skip).not.toHaveAttribute('aria-disabled');
    const plain = page.waitForRequest((r) => /\/media\/vod\/game-\d\/(180p|360p|540p)\.m3u8$/.test(new URL(r.url()).pathname), { timeout: 20_000 });
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect(ad).toBeHidden();
    await plain;
    const t = await videoTime(page);
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(t);
  } else {
    // A plain form: too soon, the page says how long to wait.
    await skip.click();
    await expect(page).toHaveURL(/[?&]skip_wait=\d+/);
    await expect(adRegion(page).getByRole('status')).toHaveText(/^You can skip the ad in [1-3] seconds?\.$/);
    await page.waitForTimeout(E2E_PREROLL.skipAfter * 1000);
    await adRegion(page).getByRole('button', { name: 'Skip ad' }).click();
    await expect(page).toHaveURL(new RegExp(`${own.replace('?', '\\?')}$`));
    await expect(adRegion(page)).toHaveCount(0);
    expect(await hlsSource(page)).toMatch(/^\/media\/vod\/game-\d\/master\.m3u8$/);
  }
  // The hour's dismissal: the page again, still without the ad.
  await page.goto(`/watch/${gameId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(adRegion(page)).toHaveCount(0);
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toContain('__prerolls');
  expect(cookies.find((c) => c.name === '__prerolls')!.expires - Date.now() / 1000).toBeGreaterThan(3500);
  // Another visitor (no cookie) still gets it.
  const other: BrowserContext = await browser.newContext({ javaScriptEnabled });
  try {
    const fresh = await other.newPage();
    await fresh.goto(`/watch/${gameId}`);
    await expect(adRegion(fresh)).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a subscriber whose subscription grants no_ads gets the game without the ad', async ({ page, context }) => {
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  const plan = (await subscriptions()).find((s) => s.capabilities.includes('no_ads'))!;
  await subscribe(apiKey, plan);
  await page.goto(`/watch/${gameId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(adRegion(page)).toHaveCount(0);
  expect(await hlsSource(page)).toMatch(/^\/media\/vod\/game-\d\/master\.m3u8$/);
});
