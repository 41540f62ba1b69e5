/* Live DVR (ADR 040): a live game's watch page offers Live / −30 s / From kick-off. Without
   JavaScript they are links and the server starts the stream there (time-shifted playlists, which
   Chromium's own HLS player starts where they say); with it, buttons that seek the stream in
   place, and the page says where it plays. Where a stream starts is read from its picture: the
   live loop's clock (support/live-picture.ts). */
import type { Locator, Page } from '@playwright/test';
import type { Event } from '#contract';
import { listEvents } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { behindLive, pictureClock, sinceKickoff, type Picture } from '../support/live-picture.ts';

const HLS = 'video source[type="application/vnd.apple.mpegurl"]';

/** The free live game that kicked off longest ago: its DVR playlist reaches furthest back. */
async function liveGame(): Promise<Event> {
  const { items } = await listEvents({ stream_status: 'live', limit: 100 });
  const free = items.filter((e) => e.type === 'free').sort((a, b) => a.event_utc_ts - b.event_utc_ts);
  expect(free.length, 'the demo has a free live game').toBeGreaterThan(0);
  return free[0];
}

/** Plays the page's video, muted (autoplay rules never stand in the way). */
async function play(page: Page): Promise<void> {
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
}

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Plays the page's video and reads its picture once it plays. */
async function playingPicture(page: Page): Promise<Picture> {
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.3);
  let seen: Picture | null = null;
  await expect.poll(async () => (seen = await pictureClock(page)), { timeout: 10_000 }).not.toBeNull();
  return seen!;
}

const masterUris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

async function playlistOf(page: Page, source: Locator): Promise<string> {
  const res = await page.request.get((await source.getAttribute('src'))!);
  expect(res.status()).toBe(200);
  return res.text();
}

test('a live game: from the kick-off and back to live', async ({ page, javaScriptEnabled, checkA11y }) => {
  test.setTimeout(180_000);
  const game = await liveGame();
  const secondsSinceKickoff = Date.now() / 1000 - game.event_utc_ts;
  expect(secondsSinceKickoff, 'the game kicked off more than a minute ago').toBeGreaterThan(60);
  const dir = `/media/live/live/${game.event_utc_ts}-${game.duration}`;
  const note = (type: string, value: unknown) => test.info().annotations.push({ type, description: JSON.stringify(value) });

  await page.goto(`/watch/${game.id}`);
  const controls = page.getByRole('group', { name: 'Live rewind' });
  const source = page.locator(HLS);
  // The stream from this airing's kick-off, starting at the live edge.
  await expect(source).toHaveAttribute('src', `${dir}/master.m3u8`);
  const master = await playlistOf(page, source);
  expect(master).not.toContain('EXT-X-START');
  const media = await (await page.request.get(`${dir}/video.m3u8`)).text();
  expect(media).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
  // Every segment since the kick-off (2 s each), give or take the one being recorded.
  const segments = media.split('\n').filter((l) => l.startsWith('../v/')).length;
  expect(Math.abs(segments - (Date.now() / 1000 - game.event_utc_ts) / 2)).toBeLessThan(3);

  if (!javaScriptEnabled) {
    await expect(controls.getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'true');
    await checkA11y();
    // Chromium's own player starts a live stream near its edge.
    const live = await playingPicture(page);
    const liveBehind = behindLive(live);
    note('native HLS, Live link: s behind live', liveBehind);
    expect(liveBehind).toBeGreaterThanOrEqual(0);
    expect(liveBehind).toBeLessThan(20);

    await controls.getByRole('link', { name: 'From kick-off' }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${game.id}\\?start=kickoff$`));
    await expect(source).toHaveAttribute('src', `${dir}/kickoff.m3u8`);
    await expect(controls.getByRole('link', { name: 'From kick-off' })).toHaveAttribute('aria-current', 'true');
    await expect(controls).toContainText('Starts from the kick-off');
    // Its master names the stream as far behind live as the kick-off is (less the few seconds a
    // native player starts before a playlist's end), decided when the player asks.
    const shift = Number(/^video-back-(\d+)\.m3u8$/.exec(masterUris(await playlistOf(page, source))[0])?.[1]);
    expect(Math.abs(shift - (Date.now() / 1000 - game.event_utc_ts - 6))).toBeLessThan(5);
    // It starts at the kick-off and plays on from there.
    const fromKickoff = await playingPicture(page);
    const startedAt = sinceKickoff(fromKickoff, game.event_utc_ts) - fromKickoff.currentTime;
    note('native HLS, From kick-off link: picture − element time, s (0 where it starts at the kick-off)', startedAt);
    expect(Math.abs(startedAt)).toBeLessThan(4);
    await checkA11y();

    await controls.getByRole('link', { name: '−30 s' }).click();
    await expect(page).toHaveURL(/\?start=back-30$/);
    expect(masterUris(await playlistOf(page, source))).toEqual(['video-back-30.m3u8']);
    // 30 s behind where the Live link starts.
    const back = await playingPicture(page);
    note('native HLS, −30 s link: s behind live', behindLive(back));
    expect(behindLive(back) - liveBehind).toBeGreaterThan(22);
    expect(behindLive(back) - liveBehind).toBeLessThan(38);

    await controls.getByRole('link', { name: 'Live' }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${game.id}$`));
    await expect(source).toHaveAttribute('src', /\/master\.m3u8$/);
    expect(behindLive(await playingPicture(page))).toBeLessThan(20);
    return;
  }

  const ready = page.locator('[data-player-ready="true"]');
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await play(page);
  const position = controls.locator('.dvr__position');
  // Plays near the live edge first: within the player's own live delay ("Live · …"), or a few
  // seconds more where hls.js started slowly on a busy machine (it does not catch up by itself).
  await expect(position).toHaveText(/^(Live|0:[01]\d behind live) · \d+:\d\d since kick-off$/, { timeout: 30_000 });
  expect(Number(await position.getAttribute('data-behind-live'))).toBeLessThan(20);
  const liveBehind = behindLive(await playingPicture(page));
  note('hls.js, live: s behind live', liveBehind);
  expect(liveBehind).toBeLessThan(20);
  await checkA11y();

  await controls.getByRole('button', { name: 'From kick-off' }).click();
  await expect(position).toHaveText(/^\d+:\d\d behind live · 0:0\d since kick-off$/, { timeout: 20_000 });
  await expect(controls.locator('[aria-live="polite"]')).toContainText('since kick-off');
  // It stays there: a rewind does not snap back to live.
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(2.5);
  expect(Number(await position.getAttribute('data-behind-live'))).toBeGreaterThan(secondsSinceKickoff - 30);

  await controls.getByRole('button', { name: 'Live' }).click();
  await expect(position).toHaveText(/^Live · /, { timeout: 20_000 });

  await controls.getByRole('button', { name: '−30 s' }).click();
  await expect(position).toHaveText(/^0:[34]\d behind live/, { timeout: 20_000 });
  await checkA11y();

  // A start link's page (opened before the player was ready, or shared): hls.js plays the stream
  // to the live edge and seeks to the start, so its Live button still reaches live.
  await page.goto(`/watch/${game.id}?start=kickoff`);
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await play(page);
  await expect(position).toHaveText(/^\d+:\d\d behind live · 0:0\d since kick-off$/, { timeout: 30_000 });
  // The picture agrees: it shows the moment the player's timeline says, counted from the kick-off.
  const kickoffPicture = await playingPicture(page);
  const pictureVsTimeline = sinceKickoff(kickoffPicture, game.event_utc_ts) - (kickoffPicture.currentTime - kickoffPicture.seekableStart!);
  note('hls.js, ?start=kickoff: picture − timeline, s', pictureVsTimeline);
  expect(Math.abs(pictureVsTimeline)).toBeLessThan(4);
  await controls.getByRole('button', { name: 'Live' }).click();
  await expect(position).toHaveText(/^Live · /, { timeout: 20_000 });

  await page.goto(`/watch/${game.id}?start=back-30`);
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await play(page);
  // 30 s behind where Live plays (6 s behind the edge), and a few more seconds where the seek's
  // buffering is slow on a busy machine (as the −30 s button above).
  await expect(position).toHaveText(/^0:[34]\d behind live/, { timeout: 30_000 });
  const back = behindLive(await playingPicture(page));
  note('hls.js, ?start=back-30: s behind live', back);
  expect(back - liveBehind).toBeGreaterThan(22);
  expect(back - liveBehind).toBeLessThan(42);
});
