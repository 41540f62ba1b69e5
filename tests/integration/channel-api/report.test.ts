import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type Report } from '#contract';
import { events, orders, users, videoViews } from '../../../channel-api/db/schema.ts';
import { gameNamesOf } from '../../../channel-api/repo/events.ts';
import { prerollMomentsKept } from '../../../channel-api/services/datalake.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';
import { CARD, commerce } from '../support/commerce.ts';

/* The operator's report (ADR 052) from what the datalake calls and a paid checkout stored, on a
   channel of its own: every figure is one the test put there. The demo channel's zone is
   America/Chicago: days begin at its midnight, not UTC's. */

let key: string;
let operatorKey: string;
let fanKey: string;
let game: { id: number; asset: string };
const { server, http, acc } = apiForThisFile({}, async ({ http, server, acc }) => {
  key = await http.apiKey();
  const operator = await acc.signUp();
  await server.db.update(users).set({ role: 'operator' }).where(eq(users.email, operator.email));
  operatorKey = operator.key;
  fanKey = (await acc.signUp()).key;
  const [row] = await server.db.select({ id: events.id, asset: events.asset }).from(events).where(eq(events.type, 'free')).limit(1);
  game = { id: row.id, asset: row.asset! };
});

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const report = async (from: string, to: string, apiKey = operatorKey) => {
  const res = await http.request('GET', '/operator/report', { query: { from, to, api_key: apiKey } });
  return { status: res.status, json: res.json, data: res.status === 200 ? (api.operatorReport.response.parse(res.json).data as Report) : null };
};
const post = (path: string, body: Record<string, unknown>) => http.request('POST', path, { body: { ...body, api_key: key } });
const at = (iso: string) => new Date(iso);

describe(`the operator's report (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is not there for a fan or a visitor (404), and refuses a range that is not one', async () => {
    expect((await report(utcDay(-1), utcDay(1), fanKey)).status).toBe(404);
    expect((await report(utcDay(-1), utcDay(1), key)).status).toBe(404);
    const backwards = await report(utcDay(1), utcDay(-1));
    expect(backwards.status).toBe(400);
    expect(backwards.json.errors.from).toEqual(['The first day must not be after the last.']);
  });

  it("counts days in the channel's zone: views, viewers, minutes and the most watching at once", async () => {
    // Three viewers of one game on the evening of 10 March 2026 in Chicago (UTC-5 by then): the
    // first two overlap, the third starts after local midnight while the second still watches.
    const view = (visitor: string, from: string, to: string) => ({
      visitor,
      streamId: `vod/${game.asset}`,
      streamType: 'vod' as const,
      eventId: game.id,
      startedAt: at(from),
      lastSeenAt: at(to),
      playerSeconds: (Date.parse(to) - Date.parse(from)) / 1000,
    });
    const [channelOfGame] = await server.db.select({ channelId: events.channelId }).from(events).where(eq(events.id, game.id));
    await server.db
      .insert(videoViews)
      .values(
        [
          view('viewer-a', '2026-03-11T03:00:00Z', '2026-03-11T04:00:00Z'),
          view('viewer-b', '2026-03-11T03:30:00Z', '2026-03-11T05:10:00Z'),
          view('viewer-c', '2026-03-11T05:05:00Z', '2026-03-11T05:20:00Z'),
        ].map((v) => ({ ...v, channelId: channelOfGame.channelId })),
      );
    const { data } = await report('2026-03-10', '2026-03-12');
    expect(data!.time_zone).toBe('America/Chicago');
    expect(data!.days.map((d) => [d.day, d.views, d.viewers, d.minutes, d.peak_viewers])).toEqual([
      ['2026-03-10', 2, 2, 160, 2],
      ['2026-03-11', 1, 1, 15, 2],
      ['2026-03-12', 0, 0, 0, 0],
    ]);
    const name = (await gameNamesOf(server.db, [game.id])).get(game.id);
    expect(data!.games).toEqual([{ event_id: game.id, name, views: 3, viewers: 3, minutes: 175, peak_viewers: 2 }]);
    // A range of the next day only: the second view still counts among those watching at once.
    expect((await report('2026-03-11', '2026-03-11')).data!.days).toEqual([
      { day: '2026-03-11', page_views: 0, visitors: 0, views: 1, viewers: 1, minutes: 15, peak_viewers: 2 },
    ]);
  });

  it('reads the funnel, the sales per product and per tracking code, and the pre-rolls of today', async () => {
    const visitor = (n: number) => ({ ip: `198.51.100.${n}`, user_agent: `Mozilla/5.0 (report ${n})` });
    await post('/datalake/session/', { ...visitor(1), trk: 'spring-mail' });
    // The visitor with the code watches a minute of the game; another visitor half of one.
    await post('/datalake/video/viewings/', {
      views: [
        { stream_id: `vod/${game.asset}`, event_id: game.id, seconds: 60, source: 'segments', ...visitor(1) },
        { stream_id: `vod/${game.asset}`, event_id: game.id, seconds: 30, source: 'segments', ...visitor(2) },
      ],
    });
    const recorded = await post('/datalake/events/', {
      events: [
        // The web server's way of sending a visitor's repeats: one event, counted twice.
        { name: 'page_view', path: `/watch/${game.id}`, count: 2, ...visitor(1) },
        { name: 'page_view', path: `/watch/${game.id}`, ...visitor(2) },
        { name: 'page_view', path: '/packages', ...visitor(1) },
        { name: 'checkout', path: '/buy', ...visitor(1) },
      ],
    });
    expect(recorded.status, recorded.text).toBe(200);
    // A fan buys with the code; another starts and leaves (not paid).
    const shop = commerce(http);
    const buyer = await acc.signUp();
    const { event, ticket } = await shop.paidEvent();
    const bought = await shop.buy(buyer.key, { event_id: event.id, package_id: ticket.id, trk: 'spring-mail' });
    expect((await shop.pay(bought.json.data.redirect_url, CARD.ok)).status).toBe(303);
    await shop.buy((await acc.signUp()).key, { event_id: event.id, package_id: ticket.id });
    const [order] = await server.db.select().from(orders).where(eq(orders.id, bought.json.data.order_id));
    // A pre-roll shown twice, finished once, skipped once, its link followed once.
    const kept = prerollMomentsKept(server.db, () => undefined);
    for (const name of ['preroll_impression', 'preroll_impression', 'preroll_complete', 'preroll_skip', 'preroll_click'] as const)
      kept({ name, preroll_id: 9, scope: null, user_id: null, channel_id: order.channelId, at: Date.now() });
    await kept.flush();

    const { data } = await report(utcDay(-1), utcDay(1));
    const today = data!.days.filter((d) => d.page_views > 0);
    expect(today.map((d) => [d.page_views, d.visitors, d.views, d.viewers, d.minutes])).toEqual([[4, 2, 2, 2, 2]]);
    expect(data!.funnel).toEqual({ event_page: 2, offer: 1, checkout: 1, paid: 1 });
    expect(data!.products).toEqual([{ product: order.product.name, type: order.type, currency: order.currency, purchases: 1, revenue: order.amountCents }]);
    expect(data!.codes).toEqual([{ trk: 'spring-mail', visitors: 1, views: 1, purchases: 1, currency: order.currency, revenue: order.amountCents }]);
    expect(data!.prerolls).toEqual([{ preroll_id: 9, label: 'Pre-roll 9 (removed)', impressions: 2, completions: 1, skips: 1, clicks: 1 }]);
  });
});
