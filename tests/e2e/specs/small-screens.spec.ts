/* Right at 390 px (issue: the first screen): on a phone the header is one row — the channel's
   name and a Menu button that opens the menu without JavaScript (a disclosure) — and no page
   scrolls sideways. At 1280 px the menu shows in the header, in one row at most 72 px tall for a
   visitor and for a signed-in fan, whose links are an account menu (issue 34). A page that scrolls
   sideways has its screenshot attached to the report; the main pages' looks are guarded by
   screenshots.spec.ts. */
import type { Page, TestInfo } from '@playwright/test';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { finishedEvent } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { accountButton, accountMenu, openAccountMenu } from '../support/header.ts';
import { appHydrated } from '../support/hydration.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function pagesToLook(): Promise<string[]> {
  return [
    '/',
    '/live',
    '/upcoming',
    '/vod',
    '/schedule',
    '/vod_library',
    `/watch/${(await finishedEvent('free')).id}`,
    '/packages',
    '/faq',
    '/login',
    '/registration',
    '/schools',
    '/schools/lakeview',
    '/divisions/north?status=finished&view=list',
  ];
}

async function lookAt(page: Page, testInfo: TestInfo, url: string, width: number) {
  await page.goto(url);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // A full-page screenshot costs about a second: taken only to show a page that is wrong.
  if (overflow > 0) await testInfo.attach(`${width}px ${url}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  expect(overflow, `${url} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the header is one row with a Menu button that opens the menu', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('group').filter({ has: page.getByText('Menu', { exact: true }) });
    await expect(main).toBeHidden();
    const header = await page.locator('header.site-header').boundingBox();
    // One row: a 44 px control and the padding, the channel's name in at most two lines.
    expect(header!.height, 'the header takes one row').toBeLessThan(72);
    await menu.getByText('Menu', { exact: true }).click();
    await expect(main).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' })).toBeVisible();
    await main.getByRole('link', { name: 'Schedule', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
    // The new page starts with the menu folded (with JavaScript too, where the header stays).
    await expect(main).toBeHidden();
  });

  test('the Menu button works from the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const button = page.locator('summary', { hasText: 'Menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link').first()).toBeFocused();
  });

  test('a menu opened while the page is still getting its script stays open when the script runs', async ({ page, javaScriptEnabled }) => {
    // A slow connection: the app's modules arrive only after the fan opened the menu.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/build/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/faq', { waitUntil: 'commit' });
    await page.locator('summary', { hasText: 'Menu' }).click();
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main).toBeVisible();
    release();
    const menu = page.locator('details.site-menu');
    if (javaScriptEnabled) {
      await expect.poll(() => menu.evaluate((d) => Object.keys(d).some((k) => k.startsWith('__react')))).toBe(true);
      // Two frames after hydration its effects have run.
      await menu.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    expect(await menu.evaluate((d: HTMLDetailsElement) => d.open), 'the menu is still open').toBe(true);
    await expect(main).toBeVisible();
  });

  test('no page scrolls sideways', async ({ page }, testInfo) => {
    for (const url of await pagesToLook()) await lookAt(page, testInfo, url, PHONE.width);
  });
});

/** The header's height, and whether every link and button of its row sits on one line: the
 *  brand, the menu's links and disclosures, the account links or menu button. */
async function headerRow(page: Page) {
  const header = (await page.locator('header.site-header').boundingBox())!;
  const items = page.locator(
    'header .brand, header .main-nav > ul > li > a, header .main-nav > ul > li > details > summary, header .account-nav > a, header .account-nav > details > summary',
  );
  const boxes = (await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))).map((r) => ({ top: r.top, bottom: r.bottom }));
  return { height: header.height, count: boxes.length, tops: boxes.map((b) => b.top), bottoms: boxes.map((b) => b.bottom) };
}

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('a visitor: the header is one row, at most 72 px, naming Live, Schedule and On demand', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Live', 'Schedule', 'On demand']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    const row = await headerRow(page);
    expect(row.height, 'the header is at most 72 px tall').toBeLessThanOrEqual(72);
    expect(row.count).toBeGreaterThan(6);
    // One row: every item's box overlaps every other's vertically.
    expect(Math.max(...row.tops), 'no item starts below another one ends').toBeLessThan(Math.min(...row.bottoms));
  });

  test('a signed-in fan: one row at most 72 px; the account menu opens without JavaScript', async ({ page, context, checkA11y }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/schedule');
    const button = accountButton(page, user.first_name);
    await expect(button).toBeVisible();
    const row = await headerRow(page);
    expect(row.height, 'the header is at most 72 px tall').toBeLessThanOrEqual(72);
    expect(Math.max(...row.tops), 'no item starts below another one ends').toBeLessThan(Math.min(...row.bottoms));
    // Log out is inside the menu, not a button of the row.
    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();

    const menu = await openAccountMenu(page);
    await expect(menu).toHaveAttribute('open', '');
    const links = menu.getByRole('link');
    await expect(links).toHaveText([`${user.first_name}'s profile`, 'My games', 'Clips', 'Alerts']);
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    // The open menu drops over the page: the header keeps its height.
    expect((await page.locator('header.site-header').boundingBox())!.height).toBeLessThanOrEqual(72);
    await checkA11y();
    await links.filter({ hasText: 'My games' }).click();
    await expect(page).toHaveURL(/\/my-games$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My games' })).toBeVisible();
    await expect(accountMenu(page)).not.toHaveAttribute('open');
  });

  test('the account menu works from the keyboard; with JavaScript, Escape shuts it', async ({ page, context, javaScriptEnabled }) => {
    const user = await createVerifiedUser();
    await signIn(context, user);
    await page.goto('/faq');
    const button = accountButton(page, user.first_name);
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = accountMenu(page);
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: `${user.first_name}'s profile` })).toBeFocused();
    if (javaScriptEnabled) {
      // Escape is the app's: it must have started.
      await appHydrated(page);
      await page.keyboard.press('Escape');
      await expect(menu).not.toHaveAttribute('open');
      await expect(button).toBeFocused();
    } else {
      // Its button shuts it again.
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(menu).not.toHaveAttribute('open');
    }
  });

  test('the menu shows in the header, without a Menu button', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('summary', { hasText: 'Menu' })).toBeHidden();
    for (const url of await pagesToLook()) await lookAt(page, testInfo, url, DESKTOP.width);
  });
});
