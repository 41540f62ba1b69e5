/* The operator's report (issue 35, ADR 052), with JavaScript off and on: the channel's operator
   (named by the setup's import) finds it in the account menu, reads a scripted fan's visit — a
   campaign's code, a video view, a purchase — in it, picks another range with the plain form, is
   told why a range is not one, and downloads the table as CSV. A visitor and a fan find nothing
   there (/404). */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { lastDays } from '../../../app/domain/report.ts';
import { gameName } from '../../../contract/game-name.ts';
import { currencyDigits, formatMoney } from '../../../contract/money.ts';
import { createVerifiedUser, operatorUser, signIn } from '../support/accounts.ts';
import { finishedEvent } from '../support/channel.ts';
import { CARDS, ordersOf, paidEvent, payOnSandbox } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { openAccountMenu } from '../support/header.ts';
import { expectPlays, playerReady } from '../support/player.ts';
import { WEB_URL } from '../support/urls.ts';

const ZONE = 'America/Chicago';

/** Opens a part's table of figures (a long one starts closed) as a reader would: its summary. */
async function openTable(region: Locator) {
  const details = region.locator('details');
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator('summary').click();
}

test('a visitor and a fan find no report, nor its CSV', async ({ page, context }) => {
  for (const path of ['/operator/report', '/operator/report.csv?table=days&from=2026-01-01&to=2026-01-02']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
  }
  await signIn(context, await createVerifiedUser());
  for (const path of ['/operator/report', '/operator/report?from=2026-02-01&to=2026-01-01', '/operator/report.csv?table=days&from=2026-01-01&to=2026-01-02']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
  }
  // Nor a link to it.
  await page.goto('/');
  await expect((await openAccountMenu(page)).getByRole('link')).not.toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Channel report' })).toHaveCount(0);
});

test('an operator who signs in with the form reads the report in words (their pages bring the report’s words; a visitor’s do not)', async ({
  page,
  javaScriptEnabled,
}) => {
  const operator = operatorUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await (await openAccountMenu(page)).getByRole('link', { name: 'Channel report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channel report' })).toBeVisible();
  for (const name of ['Viewing', 'Games', 'Sales', 'Tracking codes']) await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('report.');
  if (!javaScriptEnabled) return;
  // With JavaScript the browser writes the words from the page's catalogue script: an operator's
  // has the report's, a visitor's has not (they are not sent to every fan).
  const catalogue = () =>
    page.evaluate(() => {
      const loaded = (window as { __fhI18n?: { audience: string; en: Record<string, string> } }).__fhI18n;
      return loaded ? { audience: loaded.audience, title: loaded.en['report.title'] ?? null } : null;
    });
  await expect.poll(catalogue).toEqual({ audience: 'operator', title: 'Channel report' });
  await page.context().clearCookies();
  await page.goto('/');
  await expect.poll(catalogue).toEqual({ audience: 'fan', title: null });
});

test('the operator reads a scripted visit — a view and a purchase with a tracking code — picks a range, and downloads it as CSV', async ({
  page,
  browser,
  context,
  javaScriptEnabled,
}) => {
  test.setTimeout(150_000);
  // The scripted fan, in a browser of their own (a visitor is their address and user agent): comes
  // with a campaign's code, watches a few seconds of a free game, signs in and buys a game.
  const trk = `report-${javaScriptEnabled ? 'js' : 'nojs'}-${randomUUID().slice(0, 6)}`;
  const fanContext = await browser.newContext({ userAgent: `Mozilla/5.0 fieldhouse-e2e-report/${randomUUID()}`, javaScriptEnabled });
  const fanPage = await fanContext.newPage();
  const game = await finishedEvent('free');
  await fanPage.goto(`${WEB_URL}/watch/${game.id}?trk=${trk}`);
  if (javaScriptEnabled) await playerReady(fanPage);
  await expectPlays(fanPage);
  await expect.poll(() => fanPage.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(4);
  await fanPage.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(fanContext, fan);
  const { event } = await paidEvent();
  await fanPage.goto(`${WEB_URL}/watch/${event.id}?trk=${trk}`);
  await fanPage
    .getByRole('list', { name: 'Ways to watch' })
    .getByRole('link', { name: /^Buy this game/ })
    .click();
  await fanPage.getByRole('button', { name: /^Pay / }).click();
  await payOnSandbox(fanPage, CARDS.success);
  await expect(fanPage.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const [order] = await ordersOf(apiKey);
  await fanContext.close();

  await signIn(context, operatorUser());
  await page.goto('/');
  await (await openAccountMenu(page)).getByRole('link', { name: 'Channel report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channel report' })).toBeVisible();
  // The last four weeks by default, in the channel's days.
  const { from, to } = lastDays(28, Date.now(), ZONE);
  await expect(page.getByLabel('First day')).toHaveValue(from);
  await expect(page.getByLabel('Last day')).toHaveValue(to);
  await expect(page.getByText(`days in the channel’s time zone (${ZONE})`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Minutes watched per day' })).toBeVisible();

  // The code's row: one visitor, one video view, one purchase at the order's price — once the web
  // server has passed the visit on (every 2 s).
  const codes = page.getByRole('region', { name: 'Tracking codes', exact: true });
  const codeRow = codes.getByRole('row', { name: new RegExp(trk) });
  const expected = ['1', '1', '1', formatMoney(order.amount, order.currency), order.currency];
  await expect(async () => {
    await page.reload();
    await openTable(codes);
    await expect(codeRow.getByRole('cell')).toHaveText(expected, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // The game watched is among the games, and the sale among the products.
  for (const [name, row] of [
    ['Games', gameName(game)],
    ['Sales', order.product.name],
  ]) {
    const region = page.getByRole('region', { name, exact: true });
    await openTable(region);
    await expect(region.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
  }

  // Today only, with the form.
  const today = lastDays(1, Date.now(), ZONE);
  await page.getByLabel('First day').fill(today.from);
  await page.getByLabel('Last day').fill(today.to);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today.from}&to=${today.to}$`));
  await expect(page.getByRole('region', { name: 'Viewing', exact: true }).getByRole('row')).toHaveCount(2);
  await openTable(codes);
  await expect(codeRow.getByRole('cell')).toHaveText(expected);

  // A range that is not one: the form says why, and shows no figures.
  await page.getByLabel('First day').fill('2026-03-10');
  await page.getByLabel('Last day').fill('2026-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The first day must not be after the last.')).toBeVisible();
  await expect(page.getByLabel('First day')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Viewing', exact: true })).toHaveCount(0);

  // The tracking codes of today as a CSV file.
  await page.goto(`/operator/report?from=${today.from}&to=${today.to}`);
  const downloading = page.waitForEvent('download');
  await codes.getByRole('link', { name: 'CSV of per tracking code' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-codes-${today.from}-to-${today.to}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Code,Visitors,Video views,Purchases,Revenue,Currency');
  const decimals = (order.amount / 10 ** currencyDigits(order.currency)).toFixed(currencyDigits(order.currency));
  expect(csv).toContain(`\r\n${trk},1,1,1,${decimals},${order.currency}\r\n`);
});
