/* The channel's analytics (issue 35, ADR 049), with JavaScript off and on: a visitor's page views
   and the game they watch are recorded — by the server from the pages and media segments it hands
   out, and with JavaScript by the player's events and seconds played too, on the same view — and a
   campaign's `?trk=` code reaches the order it leads to. Read back from the channel's own records
   (GET /ops/analytics, the operator's, on the channel API's loopback address). */
import { randomUUID } from 'node:crypto';
import { createVerifiedUser, signIn } from '../support/accounts.ts';
import { finishedEvent } from '../support/channel.ts';
import { CARDS, paidEvent, payOnSandbox } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectPlays, playerReady } from '../support/player.ts';
import { CHANNEL_API_URL } from '../support/urls.ts';

// This worker's browser is a visitor of its own (the visitor hash is of address and user agent).
test.use({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 fieldhouse-e2e/${randomUUID()}` });

interface Records {
  sessions: { trk: string | null }[];
  events: { name: string; path: string | null; pageKind: string | null; eventId: number | null; trk: string | null; position: number | null }[];
  views: { streamId: string; eventId: number | null; segmentSeconds: number; playerSeconds: number; watchedSeconds: number }[];
  orders: { id: number; status: string; trk: string; amountCents: number }[];
}

/** What the channel recorded of the visitors who came with this tracking code. */
async function recordsOf(trk: string): Promise<Records> {
  const res = await fetch(`${CHANNEL_API_URL}/ops/analytics?trk=${encodeURIComponent(trk)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Records }).data;
}

const campaign = () => `e2e-${randomUUID().slice(0, 8)}`;

test("a visitor's page views and the game they watch are recorded, counted once", async ({ page, context, javaScriptEnabled }) => {
  const trk = campaign();
  const game = await finishedEvent('free');
  await page.goto(`/?trk=${trk}`);
  await page.goto(`/watch/${game.id}`);
  await expect(page.locator('video')).toHaveCount(1);
  if (javaScriptEnabled) await playerReady(page);
  await expectPlays(page);
  // A few seconds of the game, then a pause (with JavaScript, the player reports it at once).
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(4);
  await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());

  await expect
    .poll(async () => (await recordsOf(trk)).events.filter((e) => e.name === 'page_view').map((e) => [e.path, e.pageKind, e.eventId, e.trk]), {
      timeout: 15_000,
    })
    .toEqual([
      ['/', 'home', null, trk],
      [`/watch/${game.id}`, 'event', game.id, trk],
    ]);
  await expect.poll(async () => (await recordsOf(trk)).views.filter((v) => v.eventId === game.id).length, { timeout: 15_000 }).toBe(1);
  const records = await recordsOf(trk);
  const view = records.views.find((v) => v.eventId === game.id)!;
  expect(view.streamId).toMatch(/^(vod|live)\//);
  // The segments handed out count without JavaScript; the player's seconds join the same view.
  expect(view.segmentSeconds).toBeGreaterThanOrEqual(2);
  expect(view.watchedSeconds).toBe(Math.max(view.segmentSeconds, view.playerSeconds));
  if (javaScriptEnabled) {
    await expect
      .poll(async () => (await recordsOf(trk)).events.filter((e) => e.name.startsWith('video_')).map((e) => e.name), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['video_play', 'video_pause']));
    await expect
      .poll(async () => (await recordsOf(trk)).views.find((v) => v.eventId === game.id)?.playerSeconds ?? 0, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
  } else {
    expect(records.events.some((e) => e.name.startsWith('video_'))).toBe(false);
    expect(view.playerSeconds).toBe(0);
  }
  // Nothing was stored on the visitor: the pages stay shareable.
  expect((await context.cookies()).filter((c) => !c.name.endsWith('nav'))).toEqual([]);
});

test('the tracking code a fan came with reaches the order they pay for', async ({ page, context }) => {
  const trk = campaign();
  const fan = await createVerifiedUser();
  await signIn(context, fan);
  const { event } = await paidEvent();
  await page.goto(`/watch/${event.id}?trk=${trk}`);
  await page
    .getByRole('list', { name: 'Ways to watch' })
    .getByRole('link', { name: /^Buy this game/ })
    .click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const orderId = Number(/\/orders\/(\d+)/.exec(page.url())?.[1]);

  await expect.poll(async () => (await recordsOf(trk)).orders.map((o) => [o.id, o.status, o.trk]), { timeout: 15_000 }).toEqual([[orderId, 'paid', trk]]);
  // The funnel: the game's page, the offer, the checkout, each with the code.
  await expect
    .poll(async () => (await recordsOf(trk)).events.map((e) => [e.name, e.pageKind, e.trk]), { timeout: 15_000 })
    .toEqual(
      expect.arrayContaining([
        ['page_view', 'event', trk],
        ['page_view', 'offer', trk],
        ['checkout', null, trk],
      ]),
    );
});
