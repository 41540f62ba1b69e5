/* Game downloads (issue 25, ADR 038): a subscriber downloads a finished game from its watch page,
   with JavaScript off and on, and it counts on their profile; a pass holder (a pass watches and
   clips, it does not download) sees why not and what grants it, and the download route refuses
   them with the reason; a visitor is asked to log in, once for clips and downloads. */
import fs from 'node:fs';
import type { Event } from '../../../contract/entities.ts';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { eventTitle, finishedEvent } from '../support/channel.ts';
import { buyPass, packages, subscribe, subscriptions } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

/** The name the channel gives the game's file: its one name and its date in the channel's zone. */
function fileNameOf(game: Event): string {
  const name = eventTitle(game)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 _@()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    game.event_utc_ts * 1000,
  );
  return `${name} ${date}.mp4`;
}

const GRANTED_BY = 'Downloads come with the Monthly subscription or the Annual subscription.';

test('a subscriber downloads a finished game: an MP4 with the game’s name, and the profile counts it', async ({ page, context }) => {
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await subscribe(
    apiKey,
    (await subscriptions()).find((s) => s.period === 'month')!,
  );
  const game = await finishedEvent('paid');

  await page.goto(`/watch/${game.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(game));
  const section = page.getByRole('region', { name: 'Download' });
  const link = section.getByRole('link', { name: 'Download', exact: true });
  await expect(link).toHaveAttribute('href', `/watch/${game.id}/download`);
  await expect(section).toContainText('the whole game as an MP4 file');

  // What the link answers: a 303 to a signed link on our origin, which is the file as an attachment.
  const sent = await page.request.get(`/watch/${game.id}/download`, { maxRedirects: 0 });
  expect(sent.status()).toBe(303);
  const location = sent.headers().location;
  expect(location).toMatch(/^\/media\/downloads\/[A-Za-z0-9._-]+$/);
  const file = await page.request.get(location);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('video/mp4');
  expect(file.headers()['content-disposition']).toBe(`attachment; filename="${fileNameOf(game)}"`);
  const bytes = await file.body();
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  const part = await page.request.get(location, { headers: { range: 'bytes=0-99' } });
  expect(part.status()).toBe(206);
  expect((await part.body()).equals(bytes.subarray(0, 100))).toBe(true);

  // From a blocked region (TEST-NET-3, the demo's) the game neither plays nor downloads.
  const blocked = { 'X-Forwarded-For': '203.0.113.7' };
  const away = await page.request.get(`/watch/${game.id}/download`, { headers: blocked, maxRedirects: 0 });
  expect([away.status(), away.headers().location]).toEqual([303, `/watch/${game.id}`]);
  const blockedPage = await (await page.request.get(`/watch/${game.id}`, { headers: { ...blocked, Accept: 'text/html' } })).text();
  expect(blockedPage).toContain('not available in your region');
  expect(blockedPage).not.toContain(`/watch/${game.id}/download`);

  // As the fan does it: the browser saves the file and stays on the game.
  const saving = page.waitForEvent('download');
  await link.click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe(fileNameOf(game));
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(4, 8)
      .toString('latin1'),
  ).toBe('ftyp');
  await expect(page).toHaveURL(`${WEB_URL}/watch/${game.id}`);

  // One game, however many times: one download.
  await page.goto('/profile');
  await expect(page.getByRole('definition').filter({ hasText: 'clips,' })).toHaveText('0 clips, 1 download');
  await expect(page.getByText('Download games')).toBeVisible();
});

test('a pass holder sees why they cannot download a game and what grants it; the download route refuses them with the reason', async ({ page, context }) => {
  const game = await finishedEvent('paid');
  const pass = (await packages()).find(
    (p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass && p.event_categories.includes(game.event_categories[0].id),
  )!;
  expect(pass.capabilities).not.toContain('download');
  const fan = await createVerifiedUser();
  const { apiKey } = await signIn(context, fan);
  await buyPass(apiKey, pass, game.event_categories[0].id);
  const plans = await subscriptions();

  await page.goto(`/watch/${game.id}`);
  await expect(page.locator('video')).toHaveCount(1);
  const section = page.getByRole('region', { name: 'Download' });
  await expect(section.getByText(GRANTED_BY)).toBeVisible();
  await expect(section.getByRole('link', { name: 'Download', exact: true })).toHaveCount(0);
  const ways = section.getByRole('list', { name: 'Ways to download this game' });
  for (const plan of plans)
    await expect(ways.getByRole('link', { name: new RegExp(`^${plan.name} `) })).toHaveAttribute('href', `/buy?subscription=${plan.id}`);

  await page.goto(`/watch/${game.id}/download`);
  await expect(page).toHaveURL(`${WEB_URL}/watch/${game.id}`);
  // The toast says it (the page has other live regions: the player's).
  await expect(page.getByRole('status').filter({ hasText: GRANTED_BY })).toBeVisible();

  await ways.getByRole('link', { name: /^Monthly subscription / }).click();
  await expect(page).toHaveURL(new RegExp(`/buy\\?subscription=${plans.find((p) => p.name === 'Monthly subscription')!.id}$`));

  await page.goto('/profile');
  await expect(page.getByRole('definition').filter({ hasText: 'clips,' })).toHaveText('0 clips, 0 downloads');
});

test('a visitor is asked once to log in to clip and download a game, and the download route sends them to log in and back to the game', async ({ page }) => {
  const game = await finishedEvent('free');
  await page.goto(`/watch/${game.id}`);
  // One notice for both features, in place of the Clip and Download sections.
  const section = page.getByRole('region', { name: 'Clip and download' });
  await expect(section.getByText('Log in or register to clip and download this game.')).toBeVisible();
  const ways = section.getByRole('list', { name: 'Ways to clip and download this game' });
  await expect(ways.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirectTo=%2Fwatch%2F${game.id}`);
  await expect(ways.getByRole('link', { name: 'Register' })).toHaveAttribute('href', `/registration?redirectTo=%2Fwatch%2F${game.id}`);
  await expect(page.getByRole('region', { name: 'Download', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Clip', exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Log in to (clip|download)/)).toHaveCount(0);
  await page.goto(`/watch/${game.id}/download`);
  await expect(page).toHaveURL(`${WEB_URL}/login?redirectTo=%2Fwatch%2F${game.id}`);
});
