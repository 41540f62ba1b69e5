/* The pages a fan sees most, looked at as a person does (issue 21: the home page's rails lost
   their stylesheet and no test noticed). Each page, at 390 and 1280 px, with JavaScript off and
   on (the two projects), is compared with its baseline in tests/e2e/screenshots/
   (<page>-<project>-<width>.png), made by the same Debian Chromium. A missing baseline fails
   (playwright.config.ts: updateSnapshots 'none'); `npm run test:screenshots:update` makes them
   all again. What moves or changes from one run or day to the next is masked (ADR 030). */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { finishedEvent, listEvents } from '../support/channel.ts';
import { paidEvent } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { openAccountMenu } from '../support/header.ts';
import { appHydrated } from '../support/hydration.ts';

/** The phone and desktop sizes of small-screens.spec.ts. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** What differs from run to run, painted over (ADR 030):
 *  - every date, time, duration and countdown (`<time>`): the demo's events and videos are dated
 *    from the moment the channel was seeded, and the footer's year changes once a year;
 *  - the player: the video's picture, and with JavaScript Plyr's clock (the live one too). */
const MOVING = ['time', '.player', '.copyright'];

/** Gives each masked element the same size whatever its text (screenshots.css). */
const STYLE_PATH = path.resolve('tests/e2e/support/screenshots.css');

/**
 * Small enough that a page missing a stylesheet fails (tried: the home page without its rails'
 * rules differs in a fifth of its pixels, and in height), large enough for anti-aliasing that
 * differs a little between two machines of the same image.
 */
const MAX_DIFF_PIXEL_RATIO = 0.01;

/** The page as it will stay: every picture loaded and decoded (also those lazy below the fold,
 *  since the whole page is taken), fonts ready, and with JavaScript the page hydrated. */
async function settle(page: Page, javaScriptEnabled: boolean) {
  await page.evaluate(() => {
    for (const img of document.querySelectorAll('img[loading="lazy"]')) img.setAttribute('loading', 'eager');
  });
  await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.images].every((img) => img.complete));
  // A raster with decoding="async" may be painted blank until decoded: decoded first.
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
  if (javaScriptEnabled) {
    await appHydrated(page);
    // Two frames after hydration its effects have run.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

async function expectLooksAsBefore(page: Page, testInfo: TestInfo, name: string, javaScriptEnabled: boolean, mask: Locator[] = []) {
  await settle(page, javaScriptEnabled);
  const width = page.viewportSize()!.width;
  await expect(page).toHaveScreenshot(`${name}-${testInfo.project.name}-${width}.png`, {
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    mask: [...MOVING.map((selector) => page.locator(selector)), ...mask],
    stylePath: STYLE_PATH,
    maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, reducedMotion: 'reduce' });

    test('the home page', async ({ page, javaScriptEnabled }, testInfo) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 2, name: 'Latest highlights' })).toBeVisible();
      await expectLooksAsBefore(page, testInfo, 'home', javaScriptEnabled);
    });

    test('a watch page', async ({ page, javaScriptEnabled }, testInfo) => {
      await page.goto(`/watch/${(await finishedEvent('free')).id}`);
      await expect(page.locator('video')).toHaveCount(1);
      await expectLooksAsBefore(page, testInfo, 'watch', javaScriptEnabled);
    });

    // Upcoming, not the schedule: the schedule starts at the channel's midnight, so its first page
    // changes with the hour a run starts at; the upcoming games are the same from any hour.
    test('the events list', async ({ page, javaScriptEnabled }, testInfo) => {
      await page.goto('/upcoming');
      await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
      await expectLooksAsBefore(page, testInfo, 'upcoming', javaScriptEnabled);
    });

    test("a school's page", async ({ page, javaScriptEnabled }, testInfo) => {
      await page.goto('/schools/lakeview');
      await expect(page.getByRole('heading', { level: 1, name: 'Lakeview Lions' })).toBeVisible();
      await expectLooksAsBefore(page, testInfo, 'school', javaScriptEnabled);
    });

    test('the packages', async ({ page, javaScriptEnabled }, testInfo) => {
      await page.goto('/packages');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectLooksAsBefore(page, testInfo, 'packages', javaScriptEnabled);
    });

    test('buying a game, signed in', async ({ page, context, javaScriptEnabled }, testInfo) => {
      await signIn(context, await createVerifiedUser());
      const { event, ticket } = await paidEvent();
      await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expectLooksAsBefore(page, testInfo, 'buy', javaScriptEnabled);
    });

    test('the header of a signed-in fan, its account menu open', async ({ page, context, javaScriptEnabled }, testInfo) => {
      await signIn(context, await createVerifiedUser());
      await page.goto('/packages');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // On a phone the account menu sits in the header's Menu, opened first.
      if (viewport.width < 1000) await page.locator('details.site-menu > summary').click();
      await expect(await openAccountMenu(page)).toHaveAttribute('open', '');
      await expectLooksAsBefore(page, testInfo, 'header-signed-in', javaScriptEnabled);
    });

    test('two live games side by side (multi-view)', async ({ page, javaScriptEnabled }, testInfo) => {
      const { items } = await listEvents({ stream_status: 'live', limit: 50 });
      const free = items.filter((e) => e.type === 'free').slice(0, 2);
      expect(free, 'two free live games').toHaveLength(2);
      await page.goto(`/multiview?${free.map((e) => `id=${e.id}`).join('&')}`);
      await expect(page.locator('video')).toHaveCount(2);
      // The pictures play on: painted over like the watch page's player.
      await expectLooksAsBefore(page, testInfo, 'multiview', javaScriptEnabled, [page.locator('video')]);
    });

    test('the profile, signed in', async ({ page, context, javaScriptEnabled }, testInfo) => {
      // A fresh account's address is new on every run: masked, and made of digits only, which
      // are all as wide as each other, so it is as long and wraps the same way every time.
      const user = await createVerifiedUser({ email: `${Date.now()}${crypto.randomInt(1000, 10_000)}@example.test` });
      await signIn(context, user);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
      await expectLooksAsBefore(page, testInfo, 'profile', javaScriptEnabled, [page.getByText(user.email, { exact: true })]);
    });
  });
}
