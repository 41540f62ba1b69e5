/* The operator's report (issue 35, ADR 052), with JavaScript off and on: the channel's operator
   (named by the setup's import) finds it in the account menu, reads a visitor's visit with a
   tracking code in it, picks another range with the plain form, is told why a range is not one, and
   downloads a table as CSV. A visitor and a fan find nothing there (/404). */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { lastDays } from '../../../app/domain/report.ts';
import { createVerifiedUser, operatorUser, signIn } from '../support/accounts.ts';
import { finishedEvent } from '../support/channel.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

const ZONE = 'America/Chicago';

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
  await page.getByText('Account menu:').click();
  await expect(page.getByRole('link', { name: 'Channel report' })).toHaveCount(0);
});

test('the operator reads a visit with a tracking code, picks a range, and downloads a table as CSV', async ({ page, browser, context }, testInfo) => {
  // A visitor of their own comes to a game's page with a campaign's code.
  const trk = `report-${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
  const game = await finishedEvent('free');
  const visitor = await browser.newContext({ userAgent: `Mozilla/5.0 fieldhouse-e2e-report/${randomUUID()}` });
  await (await visitor.newPage()).goto(`${WEB_URL}/watch/${game.id}?trk=${trk}`);
  await visitor.close();

  await signIn(context, operatorUser());
  await page.goto('/');
  await page.getByText('Account menu:').click();
  await page.getByRole('link', { name: 'Channel report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channel report' })).toBeVisible();
  // The last four weeks by default, in the channel's days.
  const { from, to } = lastDays(28, Date.now(), ZONE);
  await expect(page.getByLabel('First day')).toHaveValue(from);
  await expect(page.getByLabel('Last day')).toHaveValue(to);
  await expect(page.getByText(`days in the channel’s time zone (${ZONE})`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Minutes watched per day' })).toBeVisible();

  // The visit reaches the report once the web server has passed it on (every 2 s).
  const codes = page.getByRole('region', { name: 'Tracking codes', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(codes.getByRole('row', { name: new RegExp(trk) })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(codes.getByRole('row', { name: new RegExp(trk) }).getByRole('cell')).toHaveText(['1', '0', '—', '']);

  // Today only, with the form.
  const today = lastDays(1, Date.now(), ZONE);
  await page.getByLabel('First day').fill(today.from);
  await page.getByLabel('Last day').fill(today.to);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today.from}&to=${today.to}$`));
  await expect(page.getByRole('region', { name: 'Viewing', exact: true }).getByRole('row')).toHaveCount(2);
  await expect(codes.getByRole('row', { name: new RegExp(trk) })).toBeVisible();

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
  expect(csv.split('\r\n')[0]).toBe('Code,Visitors,Purchases,Revenue,Currency');
  expect(csv).toContain(`\r\n${trk},1,0,0,\r\n`);
});
