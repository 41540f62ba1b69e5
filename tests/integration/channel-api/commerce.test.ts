import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, DECLINE_MSG, ORDER_MSG } from '#contract';
import { orders, purchases, transactions } from '../../../channel-api/db/schema.ts';
import { waitForMail } from '../../support/outbox.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, idempotencyKey, shopForThisFile } from '../support/commerce.ts';

/* Selling access on the sandbox provider: quotes, buying a single event, a package with choices
   and a team pass, Stripe's test cards and their outcomes, idempotency, access and capabilities. */

const PUBLIC_URL = 'http://fieldhouse.test';

const { server, http, acc, shop } = shopForThisFile({ publicUrl: PUBLIC_URL });

const ordersOfPurchase = (purchaseId: number) => server.db.select().from(orders).where(eq(orders.purchaseId, purchaseId));

describe(`buying a single event (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('quotes it from ids: base price, service fee, total; refuses what cannot be bought with the spec’s words', async () => {
    const fan = await acc.signUp();
    const { event, ticket, events, packages } = await shop.paidEvent();
    const quote = await http.request('GET', '/stripe/quote', { query: { api_key: fan.key, event_id: String(event.id), package_id: String(ticket.id) } });
    expect(quote.status, quote.text).toBe(200);
    // In cents (ADR 043): the demo's single game is $7.49 and a $0.50 fee.
    expect([ticket.base_price, ticket.service_fee, ticket.price]).toEqual([749, 50, 799]);
    expect(api.purchaseQuote.response.parse(quote.json).data).toEqual({
      type: 'event',
      product: event.name,
      lines: [{ name: event.name, amount: ticket.base_price }],
      subtotal: ticket.base_price,
      service_fee: ticket.service_fee,
      total: ticket.price,
      currency: 'USD',
      period: null,
      provider: 'sandbox',
      discount: 0,
      coupon: null,
      trial_days: null,
    });

    const q = (query: Record<string, string>) => http.request('GET', '/stripe/quote', { query: { api_key: fan.key, ...query } });
    expect((await q({})).json).toMatchObject({ message: ORDER_MSG.idNotSelected });
    expect((await q({ event_id: String(event.id) })).json).toMatchObject({
      message: ORDER_MSG.idNotSelected,
      errors: { package_id: [ORDER_MSG.idNotSelected] },
    });
    const notFound = await q({ event_id: String(event.id), package_id: '999999' });
    expect([notFound.status, notFound.json.code, notFound.json.message]).toEqual([404, 'not_found', ORDER_MSG.passNotFound]);
    const free = events.find((e) => e.type === 'free')!;
    expect((await q({ event_id: String(free.id), package_id: String(ticket.id) })).json.message).toBe(ORDER_MSG.freeEvent);
    const otherTicket = packages.find((p) => p.type === 'event' && !p.event_categories.some((c) => event.event_categories.some((ec) => ec.id === c)))!;
    expect((await q({ event_id: String(event.id), package_id: String(otherTicket.id) })).json.message).toBe(ORDER_MSG.notCovered);
    const visitor = await http.request('GET', '/stripe/quote', {
      query: { api_key: await http.apiKey(), event_id: String(event.id), package_id: String(ticket.id) },
    });
    expect(visitor.status).toBe(401);
  });

  it('4242: the checkout page takes the card, the order is paid and active, the event plays, a receipt is mailed', async () => {
    const fan = await acc.signUp();
    const { event, ticket } = await shop.paidEvent();
    expect((await shop.event(fan.key, event.id)).json.data).toMatchObject({ has_access: false, url: null });

    const started = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id });
    expect(started.status, started.text).toBe(200);
    const { order_id, redirect_url } = api.buy.response.parse(started.json).data;
    // A path: the fan stays on the origin they use (ADR 029).
    expect(redirect_url).toMatch(/^\/sandbox\/checkout\/cs_test_[A-Za-z0-9]+$/);
    expect((await shop.order(fan.key, order_id)).json.data).toMatchObject({ status: 'created', activity_status: 'inactive', type: 'event' });

    const page = await fetch(new URL(shop.checkoutPath(redirect_url), server.url));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Test mode');
    expect(html).toContain(event.name);
    expect(html).toContain('Pay $7.99');

    const after = Date.now();
    const paid = await shop.pay(redirect_url, CARD.ok);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(new RegExp(`^/orders/${order_id}\\?session_id=cs_test_`));

    const order = api.orderDetail.response.parse((await shop.order(fan.key, order_id)).json).data;
    expect(order).toMatchObject({
      status: 'paid',
      activity_status: 'active',
      amount: ticket.price,
      service_fee: ticket.service_fee,
      product: { id: ticket.id, name: event.name, event_id: event.id },
      failure_reason: null,
    });
    expect(order.transactions).toEqual([expect.objectContaining({ status: 'paid', amount: ticket.price, label: 'Purchase' })]);
    const playing = (await shop.event(fan.key, event.id)).json.data;
    expect(playing.has_access).toBe(true);
    expect(playing.url).toMatch(/master\.m3u8$/);
    expect((await acc.get('/user/access', { api_key: fan.key })).json.data).toMatchObject({
      capabilities: expect.arrayContaining(['watch']),
      has_basic_pass: false,
    });

    const receipt = await waitForMail(server.outbox, { to: fan.email, subject: 'receipt', after });
    expect(receipt.text).toContain(event.name);
    expect(receipt.text).toContain('Total paid: $7.99');
    expect(receipt.text).toContain('All sales final, no refunds.');

    const again = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id });
    expect([again.status, again.json.code, again.json.message]).toEqual([409, 'already_bought', ORDER_MSG.alreadyBought('event')]);
  });

  it('0002 and 9995 are declined with Stripe’s words: the order fails and grants nothing', async () => {
    for (const [card, reason] of [
      [CARD.declined, DECLINE_MSG.card_declined],
      [CARD.insufficient, DECLINE_MSG.insufficient_funds],
    ]) {
      const fan = await acc.signUp();
      const { event, ticket } = await shop.paidEvent(1);
      const { order_id, redirect_url } = (await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id })).json.data;
      const declined = await shop.pay(redirect_url, card);
      expect(declined.status).toBe(303);
      const order = (await shop.order(fan.key, order_id)).json.data;
      expect(order).toMatchObject({ status: 'failed', activity_status: 'inactive', failure_reason: reason });
      expect(order.transactions[0].status).toBe('failed');
      expect((await shop.event(fan.key, event.id)).json.data.has_access).toBe(false);
      // The checkout is over: paying again does nothing.
      expect((await shop.pay(redirect_url, CARD.ok)).status).toBe(409);
    }
  });

  it('3155 asks the bank: Complete pays, Fail fails the order', async () => {
    const { event, ticket } = await shop.paidEvent(2);
    const yes = await acc.signUp();
    const first = (await shop.buy(yes.key, { event_id: event.id, package_id: ticket.id })).json.data;
    const asked = await shop.pay(first.redirect_url, CARD.authenticate);
    expect([asked.status, asked.location]).toEqual([303, `${shop.checkoutPath(first.redirect_url)}/authenticate`]);
    const bankPage = await (await fetch(new URL(asked.location!, server.url))).text();
    expect(bankPage).toContain('Authenticate your payment');
    expect((await shop.order(yes.key, first.order_id)).json.data.status).toBe('created');
    expect((await shop.authenticate(first.redirect_url, 'complete')).status).toBe(303);
    expect((await shop.order(yes.key, first.order_id)).json.data).toMatchObject({ status: 'paid', activity_status: 'active' });

    const no = await acc.signUp();
    const second = (await shop.buy(no.key, { event_id: event.id, package_id: ticket.id })).json.data;
    await shop.pay(second.redirect_url, CARD.authenticate);
    expect((await shop.authenticate(second.redirect_url, 'fail')).status).toBe(303);
    expect((await shop.order(no.key, second.order_id)).json.data).toMatchObject({ status: 'failed', failure_reason: DECLINE_MSG.authentication_failed });
    expect((await shop.event(no.key, event.id)).json.data.has_access).toBe(false);
  });

  it('answers a card form with mistakes with Stripe’s messages, and the checkout stays open', async () => {
    const fan = await acc.signUp();
    const { event, ticket } = await shop.paidEvent(3);
    const { order_id, redirect_url } = (await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id })).json.data;
    const bad = await shop.pay(redirect_url, '4242 4242 4242 4241', { expiry: '01 / 20', cvc: '1' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Your card number is invalid.');
    expect(bad.text).toContain('expiration year is in the past');
    expect(bad.text).toContain('security code is incomplete');
    const realCard = await shop.pay(redirect_url, '5555 5555 5555 4444');
    expect(realCard.text).toContain('used a non test card');
    expect((await shop.order(fan.key, order_id)).json.data.status).toBe('created');
    expect((await shop.pay(redirect_url, CARD.ok)).status).toBe(303);
  });

  it('makes one purchase of a form sent twice, even at once; a new attempt ends the older open one', async () => {
    const fan = await acc.signUp();
    const { event, ticket } = await shop.paidEvent(4);
    const key = idempotencyKey();
    const [a, b] = await Promise.all([
      shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, idempotency_key: key }),
      shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, idempotency_key: key }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Both lead to the one checkout, whichever of them made it (a browser follows the last one).
    expect(b.json.data).toEqual(a.json.data);
    expect(a.json.data.redirect_url).toContain('/sandbox/checkout/');
    const c = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, idempotency_key: key });
    expect(c.json.data).toEqual(a.json.data);
    const made = await server.db.select().from(purchases).where(eq(purchases.idempotencyKey, key));
    expect(made).toHaveLength(1);

    const newer = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id });
    expect(newer.json.data.order_id).not.toBe(a.json.data.order_id);
    expect((await shop.order(fan.key, a.json.data.order_id)).json.data.status).toBe('failed');
    expect((await shop.pay(a.json.data.redirect_url, CARD.ok)).status).toBe(409);
  });

  it('answers the second of a form sent twice at once with the checkout the first one is still making', async () => {
    const fan = await acc.signUp();
    const { event, ticket } = await shop.paidEvent();
    const key = idempotencyKey();
    const first = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, idempotency_key: key });
    const [made] = await server.db.select().from(purchases).where(eq(purchases.idempotencyKey, key));
    // As while the first request waits on the provider: written, open, its checkout not yet known.
    await server.db.update(purchases).set({ redirectUrl: null }).where(eq(purchases.id, made.id));
    const second = shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, idempotency_key: key });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.db.update(purchases).set({ redirectUrl: made.redirectUrl }).where(eq(purchases.id, made.id));
    const answer = await second;
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual(first.json.data);
    expect(answer.json.data.redirect_url).toContain('/sandbox/checkout/');
  });

  it("answers 404 for another fan's order and for unknown ones", async () => {
    const owner = await acc.signUp();
    const other = await acc.signUp();
    const { event, ticket } = await shop.paidEvent();
    const { order_id } = (await shop.buy(owner.key, { event_id: event.id, package_id: ticket.id })).json.data;
    const peek = await shop.order(other.key, order_id);
    expect([peek.status, peek.json.message]).toEqual([404, ORDER_MSG.orderNotFound]);
    expect((await shop.order(owner.key, 2_000_000_000)).status).toBe(404);
  });
});

describe('buying a package with choices', () => {
  it('a season pass: one order per chosen category, owned ones disabled, fully purchased when all are owned', async () => {
    const fan = await acc.signUp();
    const { packages, events } = await shop.catalogue();
    const season = packages.find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)!;
    const detail = async () => api.packageDetail.response.parse((await acc.get(`/packages/${season.id}`, { api_key: fan.key })).json).data;
    const before = await detail();
    expect(before.choices.map((c) => c.name)).toEqual([expect.stringMatching(/^Boys /), expect.stringMatching(/^Girls /)]);
    expect(before).toMatchObject({ purchased: false, disabledCategories: [], disabledParticipants: [] });

    const [boys, girls] = before.choices;
    // The spec's basic-pass selection (ADR 053): none before the pass is paid, then the pass.
    expect((await acc.get('/user/access', { api_key: fan.key })).json.data.has_basic_pass).toBe(false);
    expect((await shop.buyBundle(fan.key, { package_id: season.id })).json.message).toBe(ORDER_MSG.idNotSelected);
    expect((await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: [999999] })).json.message).toBe(ORDER_MSG.notAChoice);
    const started = (await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: [boys.id] })).json.data;
    await shop.pay(started.redirect_url, CARD.ok);
    const after = await detail();
    expect(after).toMatchObject({ purchased: false, disabledCategories: [boys.id] });
    const boysGame = events.find((e) => e.type === 'paid' && e.stream_status === 'finished' && e.event_category_id === boys.id);
    const girlsGame = events.find((e) => e.type === 'paid' && e.stream_status === 'finished' && e.event_category_id === girls.id);
    if (boysGame) expect((await shop.event(fan.key, boysGame.id)).json.data.has_access).toBe(true);
    if (girlsGame) expect((await shop.event(fan.key, girlsGame.id)).json.data.has_access).toBe(false);
    // What the demo's passes grant (ADR 038): watching and clipping, no downloads.
    expect([...(await acc.get('/user/access', { api_key: fan.key })).json.data.capabilities].sort()).toEqual(['clipping', 'watch']);
    expect((await acc.get('/user/access', { api_key: fan.key })).json.data.has_basic_pass).toBe(true);

    const twice = await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: [boys.id, girls.id] });
    expect([twice.status, twice.json.message]).toEqual([409, ORDER_MSG.alreadyBought('package')]);
    const rest = (await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: [girls.id] })).json.data;
    await shop.pay(rest.redirect_url, CARD.ok);
    expect(await detail()).toMatchObject({ purchased: true, disabledCategories: [boys.id, girls.id] });
  });

  it('two choices at once: one checkout, one order each, the service fee once', async () => {
    const fan = await acc.signUp();
    const { packages } = await shop.catalogue();
    const season = packages.filter((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)[1];
    const ids = season.event_categories;
    const quote = api.purchaseQuote.response.parse(
      (await http.request('GET', '/stripe/quote', { query: { api_key: fan.key, package_id: String(season.id), 'event_category_ids[]': ids.map(String) } }))
        .json,
    ).data;
    expect(quote.lines).toHaveLength(2);
    expect(quote.total).toBe(2 * season.base_price + season.service_fee);
    const started = (await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: ids })).json.data;
    await shop.pay(started.redirect_url, CARD.ok);
    const order = (await shop.order(fan.key, started.order_id)).json.data;
    const all = await ordersOfPurchase(order.purchase_id);
    expect(all.map((o) => [o.status, o.activityStatus])).toEqual([
      ['paid', 'active'],
      ['paid', 'active'],
    ]);
    expect(all.reduce((sum, o) => sum + o.amountCents, 0)).toBe(quote.total);
    const txs = await server.db.select().from(transactions).where(eq(transactions.orderId, all[1].id));
    expect(txs.map((t) => t.status)).toEqual(['paid']);
  });

  it('a team pass: its teams are the choices', async () => {
    const fan = await acc.signUp();
    const { packages, events } = await shop.catalogue();
    const team = packages.find((p) => p.is_team_pass)!;
    const detail = api.packageDetail.response.parse((await acc.get(`/packages/${team.id}`, { api_key: fan.key })).json).data;
    expect(detail.choices.map((c) => c.id)).toEqual(team.participants);
    const game = events.find((e) => e.type === 'paid' && e.stream_status === 'finished' && e.participants.some((p) => team.participants.includes(p.id)))!;
    const mine = game.participants.find((p) => team.participants.includes(p.id))!;
    const started = (await shop.buyBundle(fan.key, { package_id: team.id, participant_ids: [mine.id] })).json.data;
    await shop.pay(started.redirect_url, CARD.ok);
    expect((await shop.event(fan.key, game.id)).json.data.has_access).toBe(true);
    const after = api.packageDetail.response.parse((await acc.get(`/packages/${team.id}`, { api_key: fan.key })).json).data;
    expect(after.disabledParticipants).toEqual([mine.id]);
  });

  it('an add-on is bought with its regular pass or after it, never alone', async () => {
    const fan = await acc.signUp();
    const { packages } = await shop.catalogue();
    const addOn = packages.find((p) => p.kind === 'additional')!;
    const pass = packages.find((p) => p.id === addOn.parent_pass_id)!;
    const detail = async (id: number) => api.packageDetail.response.parse((await acc.get(`/packages/${id}`, { api_key: fan.key })).json).data;
    expect((await detail(addOn.id)).needs_regular_pass).toBe(true);
    // The regular pass lists its add-on, with the pass's choices it covers.
    expect((await detail(pass.id)).add_ons).toEqual([
      { id: addOn.id, name: addOn.name, description: addOn.description, base_price: addOn.base_price, choices: addOn.event_categories },
    ]);
    const [first, second] = addOn.event_categories;
    const alone = await shop.buyBundle(fan.key, { package_id: addOn.id, event_category_ids: [first] });
    expect([alone.status, alone.json.code, alone.json.message]).toEqual([409, 'needs_regular_pass', ORDER_MSG.needsRegularPass]);

    // With it: one purchase, the pass's and the add-on's orders for the chosen category, one fee.
    const wrong = await shop.buyBundle(fan.key, { package_id: pass.id, event_category_ids: [first], add_on_id: pass.id });
    expect([wrong.status, wrong.json.errors]).toEqual([400, { add_on_id: [ORDER_MSG.notAnAddOn] }]);
    const quote = api.purchaseQuote.response.parse(
      (
        await http.request('GET', '/stripe/quote', {
          query: { api_key: fan.key, package_id: String(pass.id), 'event_category_ids[]': [String(first)], add_on_id: String(addOn.id) },
        })
      ).json,
    ).data;
    expect(quote.product).toBe(`${pass.name} with ${addOn.name}`);
    expect(quote.lines.map((l) => l.amount)).toEqual([pass.base_price, addOn.base_price]);
    expect(quote.total).toBe(pass.base_price + addOn.base_price + pass.service_fee);
    const started = api.buyBundle.response.parse(
      (await shop.buyBundle(fan.key, { package_id: pass.id, event_category_ids: [first], add_on_id: addOn.id })).json,
    ).data;
    await shop.pay(started.redirect_url, CARD.ok);
    const bought = await server.db.select().from(orders).where(eq(orders.userId, fan.user.id));
    expect(bought.map((o) => [o.productId, o.eventCategoryId, o.status]).sort()).toEqual(
      [
        [pass.id, first, 'paid'],
        [addOn.id, first, 'paid'],
      ].sort(),
    );
    expect((await detail(addOn.id)).disabledCategories).toEqual([first]);

    // After it: the add-on alone, for the other category, now that the fan has the pass.
    expect((await detail(addOn.id)).needs_regular_pass).toBe(false);
    const after = api.buyBundle.response.parse((await shop.buyBundle(fan.key, { package_id: addOn.id, event_category_ids: [second] })).json).data;
    await shop.pay(after.redirect_url, CARD.ok);
    expect(await detail(addOn.id)).toMatchObject({ purchased: true, disabledCategories: [first, second] });
  });
});

describe('the sandbox provider', () => {
  it('has no Stripe webhook', async () => {
    expect((await http.request('POST', '/stripe/webhook', { body: {} })).status).toBe(404);
  });

  it('answers 404 for an unknown checkout', async () => {
    expect((await fetch(new URL('/sandbox/checkout/cs_test_unknownunknownunknownunknown', server.url))).status).toBe(404);
    expect((await fetch(new URL('/sandbox/checkout/..%2F..%2Fchannels', server.url))).status).toBe(404);
  });
});
