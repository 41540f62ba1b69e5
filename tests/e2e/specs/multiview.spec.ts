/* Watch together (issue 34): live games picked on /live play side by side on /multiview — the
   browser's own players without JavaScript, hls.js with it — one with the sound at a time, one
   enlarged on demand; a game the visitor may not watch shows its offer in its tile; an address
   with bad ids says what it left out and still plays the rest. */
import type { Locator, Page } from '@playwright/test';
import type { Event } from '../../../contract/entities.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { eventTitle, listEvents } from '../support/channel.ts';
import { subscribe } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

/** The demo's live games: two free ones (anyone watches) and a paid one. */
async function liveGames(): Promise<{ free: [Event, Event]; paid: Event }> {
  const { items } = await listEvents({ stream_status: 'live', limit: 50 });
  const free = items.filter((e) => e.type === 'free');
  const paid = items.find((e) => e.type === 'paid');
  expect(free.length, 'the demo channel has two free live games').toBeGreaterThanOrEqual(2);
  expect(paid, 'the demo channel has a paid live game').toBeDefined();
  return { free: [free[0], free[1]], paid: paid! };
}

const tile = (page: Page, game: Event): Locator => page.getByRole('region', { name: eventTitle(game), exact: true });

/** The tile's video plays: its time moves on (the muted start is the page's own with JavaScript). */
async function expectTilePlays(video: Locator, javaScriptEnabled: boolean): Promise<void> {
  if (!javaScriptEnabled) {
    // The browser's own player, started as a visitor would press Play.
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play().catch(() => undefined);
    });
  }
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000, message: 'the tile plays' }).toBeGreaterThan(0);
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 45_000, message: 'its time advances' }).toBeGreaterThan(start + 1);
}

test('two live games picked on /live play side by side', async ({ page, javaScriptEnabled, checkA11y }) => {
  // Two live streams decoding at once: slow on a loaded machine.
  test.setTimeout(180_000);
  const { free } = await liveGames();
  await page.goto('/live?status=live');
  const form = page.getByRole('form', { name: 'Watch together' });
  await expect(form.getByText('Tick up to four live games to watch them on one screen.')).toBeVisible();
  for (const game of free) await page.getByRole('checkbox', { name: `Watch together: ${eventTitle(game)}` }).check();
  await checkA11y();
  await form.getByRole('button', { name: 'Watch together' }).click();

  // The games in the list's order.
  await expect(page).toHaveURL(/\/multiview\?id=\d+&id=\d+$/);
  expect(new URL(page.url()).searchParams.getAll('id').sort()).toEqual(free.map((g) => String(g.id)).sort());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch together');
  await expect(page.getByRole('region').filter({ has: page.locator('video') })).toHaveCount(2);
  for (const game of free) {
    const video = tile(page, game).locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAccessibleName(`Video player: ${eventTitle(game)}`);
    const src = await video.locator('source[type="application/vnd.apple.mpegurl"]').getAttribute('src');
    expect(src).toMatch(/\.m3u8$/);
    const playlist = await page.request.get(src!);
    expect(playlist.status()).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');
    // Every tile starts muted.
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  }
  await checkA11y();
  if (javaScriptEnabled) {
    await expect(page.locator('[data-player-ready="true"]')).toHaveCount(2, { timeout: 30_000 });
    // hls.js feeds the element (a MediaSource's blob: address, not the <source>).
    for (const game of free)
      expect(
        await tile(page, game)
          .locator('video')
          .evaluate((v: HTMLVideoElement) => v.currentSrc),
      ).toMatch(/^blob:/);
  }
  for (const game of free) await expectTilePlays(tile(page, game).locator('video'), javaScriptEnabled);
});

test('one tile has the sound at a time, and the page says which', async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const { free } = await liveGames();
  await page.goto(`/multiview?id=${free[0].id}&id=${free[1].id}`);
  const [a, b] = free.map((game) => tile(page, game));
  const muted = (t: Locator) => t.locator('video').evaluate((v: HTMLVideoElement) => v.muted);
  if (!javaScriptEnabled) {
    // The browser's own controls, muted to start; the Sound buttons need the page's script.
    await expect(page.getByRole('button', { name: /^Sound/ })).toHaveCount(0);
    expect(await muted(a)).toBe(true);
    expect(await muted(b)).toBe(true);
    return;
  }
  const soundA = a.getByRole('button', { name: `Sound: ${eventTitle(free[0])}` });
  const soundB = b.getByRole('button', { name: `Sound: ${eventTitle(free[1])}` });
  await expect(soundA).toHaveAttribute('aria-pressed', 'false');
  await soundA.click();
  await expect(soundA).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => muted(a)).toBe(false);
  expect(await muted(b)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Sound on' })).toHaveText(`Sound on: ${eventTitle(free[0])}. The other games are muted.`);

  await soundB.press('Enter');
  await expect(soundB).toHaveAttribute('aria-pressed', 'true');
  await expect(soundA).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => muted(b)).toBe(false);
  expect(await muted(a)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Sound on' })).toHaveText(`Sound on: ${eventTitle(free[1])}. The other games are muted.`);

  // Unmuting with a video's own controls moves the sound as well.
  await a.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = false;
  });
  await expect(soundA).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => muted(b)).toBe(true);

  await soundA.click();
  await expect(soundA).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('status').filter({ hasText: 'muted' })).toHaveText('All games are muted.');
});

test('Sound pressed while a tile is still starting stays on once hls.js has started it', async ({ page, javaScriptEnabled }) => {
  const { free } = await liveGames();
  // hls.js (the full build, the tiles' own chunk) arrives only when the test lets it.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/_shared\/hls-[A-Z0-9]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto(`/multiview?id=${free[0].id}&id=${free[1].id}`);
  const video = tile(page, free[0]).locator('video');
  const muted = () => video.evaluate((v: HTMLVideoElement) => v.muted);
  if (!javaScriptEnabled) {
    // No script, no Sound button: the tile is the browser's own player, muted to start.
    expect(await muted()).toBe(true);
    return;
  }
  const sound = tile(page, free[0]).getByRole('button', { name: `Sound: ${eventTitle(free[0])}` });
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  release();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 20_000 }).toMatch(/^blob:/);
  expect(await muted(), 'the tile keeps the sound the fan gave it').toBe(false);
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
});

test('a tile enlarges on demand, and comes back', async ({ page, javaScriptEnabled, checkA11y }) => {
  const { free } = await liveGames();
  const grid = `${WEB_URL}/multiview?id=${free[0].id}&id=${free[1].id}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(grid);
  const [a, b] = free.map((game) => tile(page, game));
  const width = async (t: Locator) => (await t.boundingBox())!.width;
  expect(Math.abs((await width(a)) - (await width(b)))).toBeLessThan(2);
  if (javaScriptEnabled) {
    // The players go on playing through it: the same elements, not new ones.
    await expect(page.locator('[data-player-ready="true"]')).toHaveCount(2, { timeout: 30_000 });
    await b.locator('video').evaluate((v) => v.setAttribute('data-was-here', 'yes'));
  }

  await b.getByRole('button', { name: `Enlarge: ${eventTitle(free[1])}` }).click();
  await expect(page).toHaveURL(`${grid}&enlarge=${free[1].id}`);
  await expect(b.getByRole('button', { name: 'Show all games' })).toBeVisible();
  await expect.poll(async () => (await width(b)) / (await width(a))).toBeGreaterThan(2);
  await checkA11y();

  if (javaScriptEnabled) {
    await expect(page.getByRole('status').filter({ hasText: 'enlarged' })).toHaveText(`${eventTitle(free[1])} enlarged. Press Escape to show all games.`);
    await expect(b.locator('video')).toHaveAttribute('data-was-here', 'yes');
    await page.keyboard.press('Escape');
  } else {
    await b.getByRole('button', { name: 'Show all games' }).click();
  }
  await expect(page).toHaveURL(grid);
  await expect.poll(async () => Math.abs((await width(a)) - (await width(b)))).toBeLessThan(2);
  await expect(b.getByRole('button', { name: `Enlarge: ${eventTitle(free[1])}` })).toBeVisible();
  if (javaScriptEnabled) await expect(b.locator('video')).toHaveAttribute('data-was-here', 'yes');
});

test('a paid game the visitor may not watch shows its offer in its tile; the page stays shareable', async ({ page, context, checkA11y }) => {
  const { free, paid } = await liveGames();
  const url = `/multiview?id=${paid.id}&id=${free[0].id}`;
  await page.goto(url);
  const paidTile = tile(page, paid);
  await expect(paidTile.locator('video')).toHaveCount(0);
  await expect(paidTile.getByText('You need a pass to watch this event.')).toBeVisible();
  const buy = paidTile.getByRole('link', { name: /^Buy this game/ });
  await expect(buy).toHaveAttribute('href', new RegExp(`^/buy\\?event=${paid.id}&package=\\d+$`));
  await expect(buy).toContainText('$');
  await expect(tile(page, free[0]).locator('video')).toHaveCount(1);
  await checkA11y();
  expect(await context.cookies(WEB_URL), 'no cookie for a visitor, no media grant').toEqual([]);
  // The same for every visitor of a region (as a watch page): no cookie, kept by the server only.
  const res = await page.request.get(url, { headers: { Accept: 'text/html' } });
  expect(res.headers()['set-cookie']).toBeUndefined();
  expect(res.headers()['cache-control']).toBe('private, no-store');
  // The page that explains how to pick games is the same for everyone: a CDN may keep it.
  const intro = await page.request.get('/multiview', { headers: { Accept: 'text/html' } });
  expect(intro.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
});

test('a signed-in fan without a pass gets the offer in the paid tile and no grant for its media', async ({ page, context, checkA11y }) => {
  const { free, paid } = await liveGames();
  const fan = await createVerifiedUser();
  await signIn(context, fan);
  await page.goto(`/multiview?id=${paid.id}&id=${free[0].id}`);
  const paidTile = tile(page, paid);
  await expect(paidTile.locator('video')).toHaveCount(0);
  await expect(paidTile.getByText('You need a pass to watch this event.')).toBeVisible();
  await expect(paidTile.getByRole('link', { name: /^Buy this game/ })).toHaveAttribute('href', new RegExp(`^/buy\\?event=${paid.id}&package=\\d+$`));
  await expect(tile(page, free[0]).locator('video')).toHaveCount(1);
  await checkA11y();
  const grants = (await context.cookies()).filter((c) => c.name.endsWith('media_grant'));
  expect(grants, 'no media grant for a game the fan may not watch').toEqual([]);
});

test("a subscriber's paid game plays in its tile, with its media grant", async ({ page, context, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const { free, paid } = await liveGames();
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await subscribe(apiKey);
  await page.goto(`/multiview?id=${free[0].id}&id=${paid.id}`);
  const video = tile(page, paid).locator('video');
  await expect(video).toHaveCount(1);
  const src = (await video.locator('source').getAttribute('src'))!;
  const grant = (await context.cookies(WEB_URL + src)).find((c) => c.name.endsWith('media_grant'));
  expect(grant, 'the paid game’s grant').toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(src.startsWith(grant!.path) && grant!.path.startsWith('/media/live/'), `${grant!.path}: its media only`).toBe(true);
  expect((await page.request.get(src)).status()).toBe(200);
  await expectTilePlays(video, javaScriptEnabled);
});

test('an address with bad ids says what it left out, and plays the rest', async ({ page, checkA11y }) => {
  const { free, paid } = await liveGames();
  const { items: upcoming } = await listEvents({ stream_status: 'upcoming', limit: 1 });
  const ids = ['abc', String(free[0].id), String(free[0].id), '2147483000', String(upcoming[0].id), String(free[1].id), String(paid.id), '-1'];
  const res = await page.goto(`/multiview?${ids.map((id) => `id=${encodeURIComponent(id)}`).join('&')}`);
  expect(res?.status()).toBe(200);
  const notes = page.getByRole('listitem');
  await expect(notes.filter({ hasText: 'Pick up to four live games: the first four you picked are shown.' })).toHaveCount(1);
  await expect(notes.filter({ hasText: 'You picked a game more than once: it is shown once.' })).toHaveCount(1);
  await expect(notes.filter({ hasText: '3 of the games you picked were not found.' })).toHaveCount(1);
  const notLive = notes.filter({ hasText: `${eventTitle(upcoming[0])} is not live now.` });
  await expect(notLive.getByRole('link', { name: eventTitle(upcoming[0]) })).toHaveAttribute('href', `/watch/${upcoming[0].id}`);
  await expect(tile(page, free[0]).locator('video')).toHaveCount(1);
  await expect(tile(page, free[1]).locator('video')).toHaveCount(1);
  await expect(page.getByRole('region').filter({ has: page.locator('video') })).toHaveCount(2);
  await checkA11y();

  const none = await page.goto('/multiview?id=nope&id=0');
  expect(none?.status()).toBe(400);
  await expect(page.getByText('2 of the games you picked were not found.')).toBeVisible();
  await expect(page.getByText('None of the games you picked is live now.')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await checkA11y();

  await page.goto('/multiview');
  await expect(page.getByText('Watch up to four live games at once, side by side.')).toBeVisible();
  await page.getByRole('link', { name: "See what's live" }).click();
  await expect(page).toHaveURL(`${WEB_URL}/live`);
});
