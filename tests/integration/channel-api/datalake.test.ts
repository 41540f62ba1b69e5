import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, VIEW_GAP_SECONDS } from '#contract';
import { analyticsEvents, analyticsSalts, analyticsSessions, events, orders, videoViews } from '../../../channel-api/db/schema.ts';
import { itemOfStream } from '../../../channel-api/repo/analytics.ts';
import { defaultChannel } from '../../../channel-api/repo/channels.ts';
import { prerollMomentsKept } from '../../../channel-api/services/datalake.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';
import { CARD, commerce } from '../support/commerce.ts';

/* The datalake calls (spec section 7, ADR 049): a visitor is a daily-salted hash, never their
   address; one session per visitor (24 h at most) carrying the tracking code; events appended with
   what their page names; one view row per visitor and stream that the segment count and the
   player's heartbeats both add to, counted once. */

let key: string;
let freeGame: { id: number; asset: string | null };
const { server, http, acc } = apiForThisFile({}, async ({ http, server }) => {
  key = await http.apiKey();
  [freeGame] = await server.db.select({ id: events.id, asset: events.asset }).from(events).where(eq(events.type, 'free')).limit(1);
});

let n = 0;
/** A visitor of their own for each test: an address nobody else uses. */
const newVisitor = () => ({ ip: `198.51.100.${++n}`, user_agent: `Mozilla/5.0 (test ${n})` });
const post = (path: string, body: Record<string, unknown>) => http.request('POST', path, { body: { ...body, api_key: key } });
const get = (path: string, query: Record<string, string>) => http.request('GET', path, { query: { ...query, api_key: key } });
const everything = async (table: string) =>
  (await server.db.execute(sql`select * from ${sql.identifier(table)}`)).rows.map((r) => JSON.stringify(r)).join('\n');

describe(`datalake (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("hashes a visitor's address and agent with the day's salt: the same all day, another for another agent, never the address", async () => {
    const who = newVisitor();
    const first = api.datalakeHash.response.parse((await get('/datalake/hash/', who)).json).data;
    const again = api.datalakeHash.response.parse((await get('/datalake/hash/', who)).json).data;
    const other = api.datalakeHash.response.parse((await get('/datalake/hash/', { ...who, user_agent: 'Other/1.0' })).json).data;
    expect(first.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(again.hash).toBe(first.hash);
    expect(other.hash).not.toBe(first.hash);
    expect(Date.parse(first.expires_at)).toBe(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000);
    // Without `ip`, the caller's own address (X-Forwarded-For from our web server) is the visitor's.
    const forwarded = await http.request('GET', '/datalake/hash/', {
      query: { api_key: key, user_agent: who.user_agent },
      headers: { 'X-Forwarded-For': who.ip },
    });
    expect(forwarded.json.data.hash).toBe(first.hash);
    const salts = await server.db.select().from(analyticsSalts);
    expect(salts.map((s) => s.day)).toEqual([new Date().toISOString().slice(0, 10)]);
  });

  it('keeps one session per visitor, 24 hours long, with the latest tracking code, by POST or GET', async () => {
    const who = newVisitor();
    const opened = api.datalakeSession.response.parse((await post('/datalake/session/', { ...who, device_type: 'mobile', resolution: '390x844' })).json).data;
    expect(Date.parse(opened.expires_at) - Date.parse(opened.started_at)).toBe(24 * 3_600_000);
    expect(opened.trk).toBeNull();
    const tracked = api.datalakeSessionGet.response.parse((await get('/datalake/session/', { ...who, trk: 'spring-mail' })).json).data;
    expect(tracked.session).toBe(opened.session);
    expect(tracked.trk).toBe('spring-mail');
    const [row] = await server.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, opened.session));
    expect(row).toMatchObject({ visitor: opened.hash, trk: 'spring-mail', deviceType: 'mobile', resolution: '390x844' });
  });

  it("records page views on the visitor's session with the game, product and tracking code they name, and stores no address or agent", async () => {
    const who = newVisitor();
    const res = await post('/datalake/events/', {
      events: [
        { name: 'page_view', path: `/watch/${freeGame.id}?trk=club-news`, trk: 'club-news', ...who },
        { name: 'page_view', path: '/buy?subscription=3', ...who },
        { name: 'checkout', path: '/buy', ...who },
        { name: 'preroll_skip', path: `/watch/${freeGame.id}`, event_id: freeGame.id, props: { ad: 'spring-ad' }, ...who },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({ recorded: 4 });
    const hash = (await get('/datalake/hash/', who)).json.data.hash as string;
    const rows = await server.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitor, hash)).orderBy(analyticsEvents.id);
    expect(rows.map((r) => [r.name, r.path, r.pageKind, r.eventId, r.productType, r.productId, r.trk])).toEqual([
      ['page_view', `/watch/${freeGame.id}`, 'event', freeGame.id, null, null, 'club-news'],
      ['page_view', '/buy', 'offer', null, 'subscription', 3, 'club-news'],
      ['checkout', '/buy', null, null, null, null, 'club-news'],
      ['preroll_skip', `/watch/${freeGame.id}`, null, freeGame.id, null, null, 'club-news'],
    ]);
    expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);
    expect(rows[3].props).toEqual({ ad: 'spring-ad' });
    for (const table of ['analytics_events', 'analytics_sessions', 'video_views']) {
      const text = await everything(table);
      expect(text).not.toContain(who.ip);
      expect(text).not.toContain(who.user_agent);
    }
  });

  it('counts one viewing once: segments and heartbeats add to the same view, which holds the larger of the two', async () => {
    const who = newVisitor();
    const stream = `/media/vod/${freeGame.asset}/master.m3u8`;
    // The web server's segment count (no event id: it comes from the page, when known)…
    const segments = await post('/datalake/video/viewings/', {
      views: [{ stream_id: `vod/${freeGame.asset}`, seconds: 20, source: 'segments', event_id: freeGame.id, ...who }],
    });
    expect(segments.status, segments.text).toBe(200);
    // …and the player's events and heartbeats for the same playback.
    const play = api.datalakeVideoEvent.response.parse(
      (await post('/datalake/video/event/', { name: 'play', stream_id: stream, position: 0, ...who })).json,
    ).data;
    const beat = api.datalakeViewing.response.parse(
      (await post('/datalake/video/viewing/', { stream_id: stream, event_id: freeGame.id, seconds: 30, source: 'player', ...who })).json,
    ).data;
    const beatByGet = api.datalakeViewingGet.response.parse(
      (await get('/datalake/video/viewing/', { stream_id: stream, seconds: '12', source: 'player', ...who })).json,
    ).data;
    expect(play.video_view_uuid).toBe(beat.video_view_uuid);
    expect(beatByGet.video_view_uuid).toBe(beat.video_view_uuid);
    expect(beatByGet.viewing_time).toBe(42);
    const hash = (await get('/datalake/hash/', who)).json.data.hash as string;
    const views = await server.db.select().from(videoViews).where(eq(videoViews.visitor, hash));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      streamId: `vod/${freeGame.asset}`,
      streamType: 'vod',
      eventId: freeGame.id,
      segmentSeconds: 20,
      playerSeconds: 42,
      watchedSeconds: 42,
    });
    const played = await server.db.select().from(analyticsEvents).where(eq(analyticsEvents.videoViewId, play.video_view_uuid));
    expect(played.map((e) => [e.name, e.position])).toEqual([['video_play', 0]]);
  });

  it(`starts a new view after ${VIEW_GAP_SECONDS / 60} minutes without watching`, async () => {
    const who = newVisitor();
    const beat = { stream_id: 'live/live-1', seconds: 30, source: 'player', ...who };
    const first = (await post('/datalake/video/viewing/', beat)).json.data.video_view_uuid as string;
    await server.db
      .update(videoViews)
      .set({ lastSeenAt: new Date(Date.now() - (VIEW_GAP_SECONDS + 1) * 1000) })
      .where(eq(videoViews.id, first));
    const second = (await post('/datalake/video/viewing/', beat)).json.data;
    expect(second.video_view_uuid).not.toBe(first);
    expect(second.viewing_time).toBe(30);
  });

  it('never starts two views of one stream for concurrent reports', async () => {
    const who = newVisitor();
    const beat = (source: string) => post('/datalake/video/viewing/', { stream_id: 'live/live-1', seconds: 2, source, ...who });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => beat(i % 2 ? 'player' : 'segments')));
    expect(new Set(answers.map((a) => a.json.data.video_view_uuid)).size).toBe(1);
    const [view] = await server.db.select().from(videoViews).where(eq(videoViews.id, answers[0].json.data.video_view_uuid));
    expect(view).toMatchObject({ segmentSeconds: 12, playerSeconds: 12, watchedSeconds: 12 });
  });

  it('refuses what is not a stream, writing nothing', async () => {
    const before = await everything('video_views');
    const res = await post('/datalake/video/viewing/', { stream_id: '/media/images/logo.png', seconds: 5, source: 'segments' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_params');
    expect(res.json.errors.stream_id).toBeDefined();
    expect(await everything('video_views')).toBe(before);
  });

  it('keeps the tracking code on the orders a checkout makes, so paid revenue reads per product and per code', async () => {
    const shop = commerce(http);
    const fan = await acc.signUp();
    const { event, ticket } = await shop.paidEvent();
    const started = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, trk: 'spring-mail' });
    expect(started.status, started.text).toBe(200);
    expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
    const refused = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, trk: 'not a code' });
    expect(refused.status).toBe(400);
    expect(refused.json.errors.trk).toBeDefined();
    const revenue = await server.db.execute(
      sql`select trk, product->>'name' as product, sum(amount_cents)::int as cents from orders where status = 'paid' and trk = 'spring-mail' group by 1, 2`,
    );
    const [order] = await server.db.select().from(orders).where(eq(orders.id, started.json.data.order_id));
    expect(order.trk).toBe('spring-mail');
    expect(revenue.rows).toEqual([{ trk: 'spring-mail', product: order.product.name, cents: order.amountCents }]);
  });

  it('keeps the pre-roll moments as events: the ad in props, the game its stream plays, the fan when a form names them, no visitor', async () => {
    const channelId = (await defaultChannel(server.db))!.id;
    // A recording only one finished game plays: the game its stream names.
    let game: { asset: string; id: number } | undefined;
    for (const { asset } of await server.db.selectDistinct({ asset: events.asset }).from(events)) {
      const item = asset ? await itemOfStream(server.db, channelId, { type: 'vod', asset }, Math.floor(Date.now() / 1000)) : null;
      if (item?.eventId) game = { asset: asset!, id: item.eventId };
      if (game) break;
    }
    const kept = prerollMomentsKept(server.db, () => undefined);
    const at = Date.now();
    kept({ name: 'preroll_impression', preroll_id: 7, scope: `vod/${game!.asset}`, user_id: null, at });
    kept({ name: 'preroll_skip', preroll_id: 7, scope: null, user_id: 42, channel_id: channelId, at: at + 1 });
    await kept.flush();
    const rows = await server.db
      .select()
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.name} like 'preroll_%' and ${analyticsEvents.props}->>'preroll' = '7'`)
      .orderBy(analyticsEvents.id);
    expect(rows.map((r) => [r.name, r.eventId, r.userId, r.visitor, r.at.getTime()])).toEqual([
      ['preroll_impression', game!.id, null, '', at],
      ['preroll_skip', null, 42, '', at + 1],
    ]);
  });
});
