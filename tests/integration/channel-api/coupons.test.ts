import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, ORDER_MSG, type Package } from '#contract';
import { channels, coupons, orders, packages, purchases, sandboxSessions, transactions } from '../../../channel-api/db/schema.ts';
import { usd } from '../../support/money.ts';
import { waitForMail } from '../../support/outbox.ts';
import { accounts } from '../support/accounts.ts';
import { client, onPostgres } from '../support/channel-api.ts';
import { CARD, commerce, idempotencyKey, shopForThisFile } from '../support/commerce.ts';

/* Promotion codes (GET apply_coupon, and promotion_code when quoting and buying) on the sandbox
   provider: the quote with the discount, every limit a code may have, 'Wrong promo code' that
   changes nothing, the total always recomputed here, the discount spread over a purchase's
   orders, a use counted once per paid purchase, and a purchase left with nothing to pay. Then
   what the Stripe provider is sent. The demo's codes are README's: WELCOME10, SEASON5, GAMEDAY,
   FULLPASS. */

const PUBLIC_URL = 'http://fieldhouse.test';
const WRONG = { code: 'wrong_promo_code', message: ORDER_MSG.wrongPromoCode };
const WEBHOOK_SECRET = 'whsec_test_fieldhouse_coupons_0123456789';

const { server, http, acc, shop } = shopForThisFile({ publicUrl: PUBLIC_URL });

type Query = Record<string, string | string[]>;
const applyCoupon = (key: string, query: Query) => http.request('GET', '/apply_coupon', { query: { ...query, api_key: key } });
const quote = (key: string, query: Query) => http.request('GET', '/stripe/quote', { query: { ...query, api_key: key } });

async function addCoupon(c: Omit<typeof coupons.$inferInsert, 'channelId'>) {
  const [channel] = await server.db.select().from(channels);
  const [row] = await server.db
    .insert(coupons)
    .values({ ...c, channelId: channel.id })
    .returning();
  return row;
}
const couponNamed = async (code: string) => (await server.db.select().from(coupons).where(eq(coupons.code, code)))[0];

async function seasonPass(): Promise<Package> {
  return (await shop.catalogue()).packages.find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)!;
}
async function teamPass(): Promise<Package> {
  return (await shop.catalogue()).packages.find((p) => p.is_team_pass)!;
}
const eventQuery = (e: { event: { id: number }; ticket: { id: number } }) => ({ event_id: String(e.event.id), package_id: String(e.ticket.id) });

/** Everything buying can change: a refused purchase must leave it as it was. */
async function commerceTables() {
  return {
    purchases: await server.db.select().from(purchases).orderBy(asc(purchases.id)),
    orders: await server.db.select().from(orders).orderBy(asc(orders.id)),
    transactions: await server.db.select().from(transactions).orderBy(asc(transactions.id)),
    coupons: await server.db.select().from(coupons).orderBy(asc(coupons.id)),
    sessions: await server.db.select().from(sandboxSessions).orderBy(asc(sandboxSessions.id)),
  };
}

async function purchaseOf(orderId: number) {
  const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId));
  const [purchase] = await server.db.select().from(purchases).where(eq(purchases.id, order.purchaseId!));
  return purchase;
}

/** A fan buys and pays the event with the card 4242 (a paid order: no first purchase any more). */
async function paidPurchase(key: string, params: Record<string, unknown>, bundle = false) {
  const started = await (bundle ? shop.buyBundle(key, params) : shop.buy(key, params));
  expect(started.status, started.text).toBe(200);
  expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
  return started.json.data as { order_id: number; redirect_url: string };
}

describe(`GET apply_coupon (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers the quote with the discount and the new total, matching the code without regard to case; the quote with promotion_code agrees', async () => {
    const fan = await acc.signUp();
    const bought = await shop.paidEvent();
    const { event, ticket } = bought;
    const res = await applyCoupon(fan.key, { ...eventQuery(bought), code: ' welcome10 ' });
    expect(res.status, res.text).toBe(200);
    const discount = Math.round(ticket.base_price / 10);
    expect(api.applyCoupon.response.parse(res.json).data).toEqual({
      type: 'event',
      product: event.name,
      lines: [{ name: event.name, amount: ticket.base_price }],
      subtotal: ticket.base_price,
      service_fee: ticket.service_fee,
      discount,
      total: ticket.price - discount,
      coupon: { code: 'WELCOME10', description: '10% off your first purchase' },
      currency: 'USD',
      period: null,
      provider: 'sandbox',
      trial_days: null,
    });
    expect((await quote(fan.key, { ...eventQuery(bought), promotion_code: 'Welcome10' })).json).toEqual(res.json);
    expect((await quote(fan.key, eventQuery(bought))).json.data).toMatchObject({ discount: 0, coupon: null, total: ticket.price });
  });

  it('applies to every kind of product: a single event, a pass’s choices, a subscription', async () => {
    const fan = await acc.signUp();
    const season = await seasonPass();
    const pass = await applyCoupon(fan.key, { package_id: String(season.id), 'event_category_ids[]': season.event_categories.map(String), code: 'WELCOME10' });
    expect(pass.status, pass.text).toBe(200);
    const subtotal = season.base_price * 2;
    expect(pass.json.data).toMatchObject({
      type: 'package',
      subtotal,
      discount: Math.round(subtotal / 10),
      total: subtotal - Math.round(subtotal / 10) + season.service_fee,
    });
    const subscription = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data[0];
    const sub = await applyCoupon(fan.key, { subscription_id: String(subscription.id), code: 'WELCOME10' });
    expect(sub.status, sub.text).toBe(200);
    expect(sub.json.data).toMatchObject({ type: 'subscription', discount: Math.round(subscription.base_price / 10) });
  });

  it("refuses with 'Wrong promo code' on the field code: unknown, inactive, expired, used up, first purchase only, below the minimum, another kind of product", async () => {
    const fan = await acc.signUp();
    const bought = await shop.paidEvent();
    const season = await seasonPass();
    const oneChoice = { package_id: String(season.id), 'event_category_ids[]': [String(season.event_categories[0])] };
    const bothChoices = { package_id: String(season.id), 'event_category_ids[]': season.event_categories.map(String) };
    await addCoupon({ code: 'ASLEEP', percentOff: 20, active: false });
    await addCoupon({ code: 'ENDED', percentOff: 20, expiresAt: new Date(Date.now() - 1000) });
    await addCoupon({ code: 'LATER', percentOff: 20, expiresAt: new Date(Date.now() + 3_600_000) });
    await addCoupon({ code: 'GONE', percentOff: 20, maxRedemptions: 3, timesRedeemed: 3 });
    await addCoupon({ code: 'BIGSPEND', amountOffCents: 1000, minimumAmountCents: season.base_price + 1, appliesTo: ['package'] });

    const refused = async (query: Query) => {
      const res = await applyCoupon(fan.key, query);
      expect([res.status, res.json], JSON.stringify(query)).toEqual([400, { ...WRONG, errors: { code: [ORDER_MSG.wrongPromoCode] } }]);
    };
    const accepted = async (query: Query) => {
      const res = await applyCoupon(fan.key, query);
      expect(res.status, `${JSON.stringify(query)} → ${res.text}`).toBe(200);
      expect(res.json.data.discount).toBeGreaterThan(0);
    };
    await refused({ ...eventQuery(bought), code: 'NO-SUCH-CODE' });
    await refused({ ...eventQuery(bought), code: 'ASLEEP' });
    await refused({ ...eventQuery(bought), code: 'ENDED' });
    await refused({ ...eventQuery(bought), code: 'GAMEDAY' });
    await accepted({ ...eventQuery(bought), code: 'LATER' });
    await refused({ ...eventQuery(bought), code: 'GONE' });
    // The minimum is on the subtotal: one choice is below it, two are above.
    await refused({ ...oneChoice, code: 'BIGSPEND' });
    await accepted({ ...bothChoices, code: 'BIGSPEND' });
    // SEASON5 is for passes only (and a minimum of $20).
    await refused({ ...eventQuery(bought), code: 'SEASON5' });
    await accepted({ ...oneChoice, code: 'SEASON5' });
    // WELCOME10: until the fan has paid for something.
    await accepted({ ...eventQuery(bought), code: 'WELCOME10' });
    await paidPurchase(fan.key, { package_id: season.id, event_category_ids: [season.event_categories[0]] }, true);
    await refused({ ...eventQuery(bought), code: 'WELCOME10' });
    await refused({ package_id: String(season.id), 'event_category_ids[]': [String(season.event_categories[1])], code: 'welcome10' });
    // What cannot be bought is said first, in its own words.
    const owned = await applyCoupon(fan.key, { ...oneChoice, code: 'SEASON5' });
    expect([owned.status, owned.json.message]).toEqual([409, ORDER_MSG.alreadyBought('package')]);
  });
});

describe(`buying with a promotion code (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("a code that cannot be used is 'Wrong promo code' on promotion_code, and changes nothing (an older open checkout stays open)", async () => {
    const fan = await acc.signUp();
    const bought = await shop.paidEvent(1);
    const older = await shop.buy(fan.key, { event_id: bought.event.id, package_id: bought.ticket.id });
    expect(older.status).toBe(200);
    const season = await seasonPass();
    const before = await commerceTables();
    for (const [send, params] of [
      [shop.buy, { event_id: bought.event.id, package_id: bought.ticket.id, promotion_code: 'NO-SUCH-CODE' }],
      [shop.buy, { event_id: bought.event.id, package_id: bought.ticket.id, promotion_code: 'GAMEDAY' }],
      [shop.buy, { event_id: bought.event.id, package_id: bought.ticket.id, promotion_code: 'SEASON5' }],
      [shop.buyBundle, { package_id: season.id, event_category_ids: [season.event_categories[0]], promotion_code: 'GAMEDAY' }],
    ] as const) {
      const res = await send(fan.key, params);
      expect([res.status, res.json], JSON.stringify(params)).toEqual([400, { ...WRONG, errors: { promotion_code: [ORDER_MSG.wrongPromoCode] } }]);
    }
    expect(await commerceTables()).toEqual(before);
    expect((await shop.order(fan.key, older.json.data.order_id)).json.data.status).toBe('created');
  });

  it('the total is recomputed here: the purchase, its order and the checkout carry the discounted amount; an absent or tampered code lowers nothing', async () => {
    const fan = await acc.signUp();
    const bought = await shop.paidEvent(2);
    const { event, ticket } = bought;
    const welcome = await couponNamed('WELCOME10');
    const discount = Math.round(ticket.base_price / 10);
    const total = ticket.price - discount;

    // Amounts are never taken from the caller.
    for (const extra of [{ amount: 1 }, { total: 1 }, { discount: 7 }, { coupon_id: welcome.id }]) {
      const res = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, ...extra });
      expect(res.status, res.text).toBe(400);
    }
    const started = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, promotion_code: 'welcome10' });
    expect(started.status, started.text).toBe(200);
    const { order_id, redirect_url } = started.json.data;
    expect(await purchaseOf(order_id)).toMatchObject({
      amountCents: total,
      discountCents: discount,
      couponId: welcome.id,
      serviceFeeCents: ticket.service_fee,
    });
    const order = api.orderDetail.response.parse((await shop.order(fan.key, order_id)).json).data;
    expect(order).toMatchObject({ amount: total, service_fee: ticket.service_fee, status: 'created' });
    expect(order.transactions).toEqual([expect.objectContaining({ amount: total, status: 'created' })]);
    const page = await (await fetch(new URL(shop.checkoutPath(redirect_url), server.url))).text();
    expect(page).toContain(`${event.name} (promo code WELCOME10)`);
    expect(page).toContain(`Pay ${usd(total)}`);
    // Not applied until paid.
    expect((await couponNamed('WELCOME10')).timesRedeemed).toBe(welcome.timesRedeemed);

    const after = Date.now();
    expect((await shop.pay(redirect_url, CARD.ok)).status).toBe(303);
    expect((await shop.order(fan.key, order_id)).json.data).toMatchObject({ status: 'paid', activity_status: 'active', amount: total });
    const receipt = await waitForMail(server.outbox, { to: fan.email, subject: 'receipt', after });
    expect(receipt.text).toContain(`Total paid: ${usd(total)}`);

    // Another fan, no code: the full price.
    const other = await acc.signUp();
    const full = (await shop.buy(other.key, { event_id: event.id, package_id: ticket.id })).json.data;
    expect(await purchaseOf(full.order_id)).toMatchObject({ amountCents: ticket.price, discountCents: 0, couponId: null });
  });

  it('a package: the discount is spread over its orders, the first carries the fee, and they add up to what is charged', async () => {
    const fan = await acc.signUp();
    const season = await seasonPass();
    const price = season.base_price;
    const fee = season.service_fee;
    const res = await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: season.event_categories, promotion_code: 'SEASON5' });
    expect(res.status, res.text).toBe(200);
    const purchase = await purchaseOf(res.json.data.order_id);
    const made = await server.db.select().from(orders).where(eq(orders.purchaseId, purchase.id)).orderBy(asc(orders.id));
    expect(made.map((o) => [o.amountCents, o.serviceFeeCents])).toEqual([
      [price - 250 + fee, fee],
      [price - 250, 0],
    ]);
    expect(purchase).toMatchObject({ amountCents: 2 * price - 500 + fee, discountCents: 500 });
    expect(made.reduce((sum, o) => sum + o.amountCents, 0)).toBe(purchase.amountCents);
    const page = await (await fetch(new URL(shop.checkoutPath(res.json.data.redirect_url), server.url))).text();
    expect(page).toContain(`Pay ${usd(purchase.amountCents)}`);
  });

  it('a use is counted once per paid purchase: not when started, declined or asked about again', async () => {
    await addCoupon({ code: 'COUNTME', percentOff: 25 });
    const uses = async () => (await couponNamed('COUNTME')).timesRedeemed;
    const { event, ticket } = await shop.paidEvent(3);
    const declined = await acc.signUp();
    const no = (await shop.buy(declined.key, { event_id: event.id, package_id: ticket.id, promotion_code: 'COUNTME' })).json.data;
    await shop.pay(no.redirect_url, CARD.declined);
    expect((await shop.order(declined.key, no.order_id)).json.data.status).toBe('failed');
    expect(await uses()).toBe(0);

    const fan = await acc.signUp();
    const key = idempotencyKey();
    const yes = (await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, promotion_code: 'COUNTME', idempotency_key: key })).json.data;
    expect(await uses()).toBe(0);
    await shop.pay(yes.redirect_url, CARD.ok);
    expect(await uses()).toBe(1);
    // The order page and the same form again change nothing more.
    expect((await shop.order(fan.key, yes.order_id)).json.data.status).toBe('paid');
    const again = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, promotion_code: 'COUNTME', idempotency_key: key });
    expect([again.status, again.json.message]).toEqual([409, ORDER_MSG.alreadyBought('event')]);
    expect(await uses()).toBe(1);
  });

  it('a one-use code held by a checkout already started is refused to anyone else, even after applying it; that checkout pays what it showed, once', async () => {
    await addCoupon({ code: 'ONLYONE', amountOffCents: 100, maxRedemptions: 1 });
    const { event, ticket } = await shop.paidEvent(4);
    const query = { event_id: String(event.id), package_id: String(ticket.id), code: 'ONLYONE' };
    const [late, started] = [await acc.signUp(), await acc.signUp()];
    for (const fan of [late, started]) expect((await applyCoupon(fan.key, query)).status).toBe(200);
    const startedBefore = (await shop.buy(started.key, { event_id: event.id, package_id: ticket.id, promotion_code: 'ONLYONE' })).json.data;

    // The started checkout holds the only use (ADR 027): buying with it now is refused and changes nothing.
    const before = await commerceTables();
    const refused = await shop.buy(late.key, { event_id: event.id, package_id: ticket.id, promotion_code: 'ONLYONE' });
    expect([refused.status, refused.json.code, refused.json.errors]).toEqual([400, 'wrong_promo_code', { promotion_code: [ORDER_MSG.wrongPromoCode] }]);
    expect(await commerceTables()).toEqual(before);
    expect((await applyCoupon(late.key, query)).status).toBe(400);

    // The fan who was already at the checkout pays what it said; the use is counted once.
    await shop.pay(startedBefore.redirect_url, CARD.ok);
    expect((await shop.order(started.key, startedBefore.order_id)).json.data).toMatchObject({ status: 'paid', amount: ticket.price - 100 });
    expect((await couponNamed('ONLYONE')).timesRedeemed).toBe(1);
    expect((await shop.buy(late.key, { event_id: event.id, package_id: ticket.id, promotion_code: 'ONLYONE' })).status).toBe(400);
  });

  it('FULLPASS (100 % off, one use) takes the whole price but not the service fee, once', async () => {
    const fan = await acc.signUp();
    const team = await teamPass();
    const res = await shop.buyBundle(fan.key, { package_id: team.id, participant_ids: [team.participants[0]], promotion_code: 'FULLPASS' });
    expect(res.status, res.text).toBe(200);
    expect(await purchaseOf(res.json.data.order_id)).toMatchObject({ amountCents: team.service_fee, discountCents: team.base_price });
    expect(res.json.data.redirect_url).toMatch(/\/sandbox\/checkout\/cs_test_/);
    await shop.pay(res.json.data.redirect_url, CARD.ok);
    expect((await couponNamed('FULLPASS')).timesRedeemed).toBe(1);
    const next = await acc.signUp();
    expect((await applyCoupon(next.key, { package_id: String(team.id), 'participant_ids[]': [String(team.participants[1])], code: 'FULLPASS' })).status).toBe(
      400,
    );
  });

  it('nothing left to pay (100 % off, no service fee): paid at once, no checkout, the order page is where the fan goes', async () => {
    await addCoupon({ code: 'ONTHEHOUSE', percentOff: 100 });
    const team = await teamPass();
    const fee = team.service_fee;
    await server.db.update(packages).set({ serviceFeeCents: 0 }).where(eq(packages.id, team.id));
    try {
      const fan = await acc.signUp();
      const q = await applyCoupon(fan.key, { package_id: String(team.id), 'participant_ids[]': [String(team.participants[2])], code: 'ONTHEHOUSE' });
      expect(q.json.data).toMatchObject({ subtotal: team.base_price, discount: team.base_price, service_fee: 0, total: 0 });
      const key = idempotencyKey();
      const after = Date.now();
      const res = await shop.buyBundle(fan.key, {
        package_id: team.id,
        participant_ids: [team.participants[2]],
        promotion_code: 'ONTHEHOUSE',
        idempotency_key: key,
      });
      expect(res.status, res.text).toBe(200);
      const { order_id, redirect_url } = res.json.data;
      expect(redirect_url).toBe(`/orders/${order_id}`);
      const order = api.orderDetail.response.parse((await shop.order(fan.key, order_id)).json).data;
      expect(order).toMatchObject({ status: 'paid', activity_status: 'active', amount: 0, service_fee: 0 });
      expect(order.transactions).toEqual([expect.objectContaining({ status: 'paid', amount: 0 })]);
      const purchase = await purchaseOf(order_id);
      expect(purchase).toMatchObject({ status: 'paid', amountCents: 0, sessionId: null });
      expect(await server.db.select().from(sandboxSessions).where(eq(sandboxSessions.purchaseId, purchase.id))).toEqual([]);
      expect((await couponNamed('ONTHEHOUSE')).timesRedeemed).toBe(1);
      await waitForMail(server.outbox, { to: fan.email, subject: 'receipt', after });
      // The same form again: already bought, nothing more.
      const again = await shop.buyBundle(fan.key, {
        package_id: team.id,
        participant_ids: [team.participants[2]],
        promotion_code: 'ONTHEHOUSE',
        idempotency_key: key,
      });
      expect([again.status, again.json.message]).toEqual([409, ORDER_MSG.alreadyBought('package')]);
      expect((await couponNamed('ONTHEHOUSE')).timesRedeemed).toBe(1);
    } finally {
      await server.db.update(packages).set({ serviceFeeCents: fee }).where(eq(packages.id, team.id));
    }
  });
});

describe(`the Stripe provider with a promotion code (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { server: stripeServer, fake } = shopForThisFile({ publicUrl: PUBLIC_URL, stripeWebhookSecret: WEBHOOK_SECRET });

  it('the Checkout Session’s lines carry the discounted amounts and say so, with no allow_promotion_codes or discounts; its webhook counts one use', async () => {
    const stripeHttp = client(stripeServer.url);
    const fan = await accounts(stripeServer, stripeHttp).signUp();
    const stripeShop = commerce(stripeHttp);
    const season = (await stripeShop.catalogue()).packages.find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)!;
    const from = fake.requests.length;
    const res = await stripeShop.buyBundle(fan.key, { package_id: season.id, event_category_ids: season.event_categories, promotion_code: 'season5' });
    expect(res.status, res.text).toBe(200);
    const [created] = fake.requestsSince(from, 'POST', '/v1/checkout/sessions');
    expect(created.body).not.toHaveProperty('allow_promotion_codes');
    expect(created.body).not.toHaveProperty('discounts');
    const sessionId = new URL(res.json.data.redirect_url).pathname.split('/').at(-1)!;
    const price = season.base_price;
    expect(fake.lineItems.get(sessionId)!.map((l) => [l.name.endsWith(' (promo code SEASON5)'), l.unitAmount])).toEqual([
      [true, price - 250],
      [true, price - 250],
      [false, season.service_fee],
    ]);
    expect(fake.session(sessionId).amount_total).toBe(2 * price - 500 + season.service_fee);

    // Paid: Stripe's webhook, delivered twice, counts one use.
    const [season5] = await stripeServer.db.select().from(coupons).where(eq(coupons.code, 'SEASON5'));
    fake.pay(sessionId);
    const event = fake.event('checkout.session.completed', sessionId);
    for (let i = 0; i < 2; i++) {
      const signed = fake.sign(event, WEBHOOK_SECRET);
      const delivered = await stripeHttp.request('POST', '/stripe/webhook', {
        body: signed.payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
      });
      expect(delivered.status, delivered.text).toBe(200);
    }
    expect((await stripeShop.order(fan.key, res.json.data.order_id)).json.data.status).toBe('paid');
    const [after] = await stripeServer.db.select().from(coupons).where(eq(coupons.code, 'SEASON5'));
    expect(after.timesRedeemed).toBe(season5.timesRedeemed + 1);
  });
});
