/* What is sold stays sold (issue 21, ADR 026): a paid game's media plays for its buyer, with
   JavaScript off and on, and its addresses alone open nothing for a visitor or another fan; a game
   free to fans with an account asks a visitor to sign in, then plays. */
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { eventTitle, listEvents } from '../support/channel.ts';
import { buyEvent, packages, paidEvent } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectPlays, playerReady } from '../support/player.ts';
import { WEB_URL } from '../support/urls.ts';

/** The media a watch page offers: its HLS and MP4 sources and its captions. */
async function mediaOf(page: Page): Promise<string[]> {
  const video = page.locator('video');
  const sources = await video.locator('source').evaluateAll((els) => els.map((e) => e.getAttribute('src')!));
  const tracks = await video.locator('track').evaluateAll((els) => els.map((e) => e.getAttribute('src')!));
  return [...sources, ...tracks];
}

const statuses = async (request: APIRequestContext, urls: string[]) => Promise.all(urls.map(async (u) => (await request.get(u)).status()));

test('a buyer plays the game they bought; its addresses alone open nothing for a visitor or another fan', async ({
  page,
  context,
  browser,
  javaScriptEnabled,
}) => {
  const buyer = await createVerifiedUser();
  const { apiKey } = await signIn(context, buyer);
  const { event, ticket } = await paidEvent();
  await buyEvent(apiKey, event, ticket);

  await page.goto(`/watch/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventTitle(event));
  const media = await mediaOf(page);
  expect(media.filter((u) => /\.(m3u8|mp4|vtt)$/.test(u))).toHaveLength(3);
  // The grant is a cookie for this video's files only, which no script can read.
  const grant = (await context.cookies(WEB_URL + media[0])).find((c) => c.name.endsWith('media_grant'));
  expect(grant).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: media[0].replace(/master\.m3u8$/, '') });
  expect(await page.content()).not.toContain(grant!.value);
  if (javaScriptEnabled) await playerReady(page);
  expect(await statuses(page.request, media)).toEqual(media.map(() => 200));
  await expectPlays(page);

  // The same addresses, shared: a visitor and another fan get a 403 and nothing of the video.
  const visitor = await browser.newContext();
  expect(
    await statuses(
      visitor.request,
      media.map((u) => WEB_URL + u),
    ),
  ).toEqual(media.map(() => 403));
  const refused = await visitor.request.get(WEB_URL + media[0]);
  expect(await refused.text()).not.toContain('#EXTM3U');
  await visitor.close();
  const other = await browser.newContext();
  await signIn(other, await createVerifiedUser());
  const otherPage = await other.newPage();
  await otherPage.goto(`${WEB_URL}/watch/${event.id}`);
  await expect(otherPage.getByText('You need a pass to watch this event.')).toBeVisible();
  expect(
    await statuses(
      other.request,
      media.map((u) => WEB_URL + u),
    ),
  ).toEqual(media.map(() => 403));
  await other.close();
});

test('a game free to fans with an account asks a visitor to sign in, then plays', async ({ page, checkA11y }) => {
  const { items } = await listEvents({ stream_status: 'finished', limit: 100 });
  const fansOnly = items.find((e) => e.type === 'register');
  expect(fansOnly, 'the demo channel has a finished game free to fans with an account').toBeDefined();
  const fan = await createVerifiedUser();

  await page.goto(`/watch/${fansOnly!.id}`);
  await expect(page.getByText('This one is free for fans with an account: log in or register to watch it.')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await checkA11y();
  await page.getByRole('list', { name: 'Ways to watch' }).getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(fan.email);
  await page.getByLabel('Password').fill(fan.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${WEB_URL}/watch/${fansOnly!.id}`);
  await expect(page.locator('video')).toHaveCount(1);
  await expectPlays(page);
});

test('a paid live game plays for its buyer; with JavaScript, a grant that ends is renewed and the game plays on', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const { items } = await listEvents({ stream_status: 'live', limit: 100 });
  const live = items.find((e) => e.type === 'paid');
  expect(live, 'the demo channel has a paid live game').toBeDefined();
  const ticket = (await packages()).find((p) => p.type === 'event' && p.event_categories.some((c) => live!.event_categories.some((ec) => ec.id === c)))!;
  const { apiKey } = await signIn(context, await createVerifiedUser());
  await buyEvent(apiKey, live!, ticket);

  await page.goto(`/watch/${live!.id}`);
  await expect(page.locator('.player[data-live="true"] video')).toHaveCount(1);
  if (javaScriptEnabled) await playerReady(page);
  await expectPlays(page);
  if (!javaScriptEnabled) return;

  // The grant ends (as after MEDIA_GRANT_SECONDS): the next playlist is refused, the player asks
  // the page for a new grant, and the game plays on.
  const grantCookies = async () => (await context.cookies()).filter((c) => c.name.endsWith('media_grant') && c.path.includes('/live/'));
  expect(await grantCookies()).toHaveLength(1);
  await context.clearCookies({ name: /media_grant$/ });
  expect(await grantCookies()).toHaveLength(0);
  await expect.poll(grantCookies, { timeout: 30_000 }).toHaveLength(1);
  const at = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(at + 4);
});

test('a pay-per-view game is sold by its own ticket only', async ({ page, checkA11y }) => {
  const { items } = await listEvents({ stream_status: 'finished', limit: 100 });
  const ppv = items.find((e) => e.type === 'ppv');
  expect(ppv, 'the demo channel has a finished pay-per-view game').toBeDefined();
  await page.goto(`/watch/${ppv!.id}`);
  await expect(page.getByText('This game is pay-per-view: buy it to watch. Passes and subscriptions do not include it.')).toBeVisible();
  const ways = page.getByRole('list', { name: 'Ways to watch' }).getByRole('link');
  await expect(ways).toHaveCount(1);
  await expect(ways).toHaveText(/^Buy this game/);
  await checkA11y();
});
