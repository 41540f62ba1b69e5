import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, DECLINE_MSG, ORDER_MSG } from '#contract';
import { orders, paymentEvents, purchases, transactions, users } from '../../../channel-api/db/schema.ts';
import { type FakeEvent } from '../../support/fake-stripe.ts';
import { usd } from '../../support/money.ts';
import { listMail, waitForMail } from '../../support/outbox.ts';
import { accounts, userRow } from '../support/accounts.ts';
import { client, onPostgres, startApi } from '../support/channel-api.ts';
import { commerce, idempotencyKey, shopForThisFile } from '../support/commerce.ts';

/* The Stripe provider against a local fake of Stripe's API (tests/support/fake-stripe.ts): what
   the channel sends to Stripe (customers, Checkout Sessions, expiring them), and what Stripe's
   signed webhook events do to the orders: once each, only when Stripe says the session is paid,
   never when forged, also without any webhook (the order page asks Stripe), and what happens
   when Stripe cannot be reached. */

const PUBLIC_URL = 'http://fieldhouse.test';
const WEBHOOK_SECRET = 'whsec_test_fieldhouse_offline_0123456789';
const REPLACED = 'A newer checkout replaced this one.';

const { server, http, acc, shop, fake } = shopForThisFile({ publicUrl: PUBLIC_URL, stripeWebhookSecret: WEBHOOK_SECRET });

type Fan = Awaited<ReturnType<typeof acc.signUp>>;

const sessionIdOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split('/').at(-1)!;

/** A fan buys the `pick`-th paid event, as the web app's /buy form does. */
async function buyEvent(fan: Fan, pick = 0, key = idempotencyKey()) {
  const { event, ticket } = await shop.paidEvent(pick);
  const res = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, idempotency_key: key });
  expect(res.status, res.text).toBe(200);
  const started = api.buy.response.parse(res.json).data;
  return { event, ticket, key, ...started, sessionId: sessionIdOf(started.redirect_url) };
}

/** Stripe delivers an event to the webhook: signed with our endpoint's secret unless told otherwise. */
async function deliver(
  event: FakeEvent,
  opts: { secret?: string; timestamp?: number; signature?: string | null; payload?: (signed: string) => string; to?: ReturnType<typeof client> } = {},
) {
  const signed = fake.sign(event, opts.secret ?? WEBHOOK_SECRET, { timestamp: opts.timestamp });
  const signature = opts.signature === undefined ? signed.signature : opts.signature;
  return (opts.to ?? http).request('POST', '/stripe/webhook', {
    body: opts.payload ? opts.payload(signed.payload) : signed.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
  });
}

/** Everything a payment can change, to compare before and after. */
async function commerceTables() {
  return {
    purchases: await server.db.select().from(purchases).orderBy(asc(purchases.id)),
    orders: await server.db.select().from(orders).orderBy(asc(orders.id)),
    transactions: await server.db.select().from(transactions).orderBy(asc(transactions.id)),
    paymentEvents: await server.db.select().from(paymentEvents).orderBy(asc(paymentEvents.id)),
  };
}

async function purchaseOf(orderId: number) {
  const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId));
  const [purchase] = await server.db.select().from(purchases).where(eq(purchases.id, order.purchaseId!));
  return purchase;
}

const ordersOfPurchase = (purchaseId: number) => server.db.select().from(orders).where(eq(orders.purchaseId, purchaseId)).orderBy(asc(orders.id));
const receiptsTo = (email: string) => listMail(server.outbox).filter((m) => m.to.includes(email) && m.subject.includes('receipt'));
const eventsWithId = (id: string) => server.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));

describe('two databases on one Stripe account', () => {
  // First in the file: both databases are fresh, so their first fan and first purchase have the same ids.
  it('a reset database, or staging beside production: the same user and purchase ids never share a customer, a checkout or a payment', async () => {
    const ours = await acc.signUp();
    const mine = await buyEvent(ours, 0);
    const otherSecret = 'whsec_test_fieldhouse_staging_0123456789';
    const { server: other } = await startApi({
      publicUrl: 'http://staging.fieldhouse.test',
      stripe: { secretKey: fake.secretKey, webhookSecret: otherSecret, apiUrl: fake.url },
    });
    try {
      const otherHttp = client(other.url);
      const theirFan = await accounts(other, otherHttp).signUp();
      const res = await commerce(otherHttp).buy(theirFan.key, { event_id: mine.event.id, package_id: mine.ticket.id });
      expect(res.status, res.text).toBe(200);
      const theirs = api.buy.response.parse(res.json).data;
      const theirSession = sessionIdOf(theirs.redirect_url);
      const [ourUser, theirUser] = [await userRow(server.db, ours.email), await userRow(other.db, theirFan.email)];
      const [theirPurchase] = await other.db.select().from(purchases).where(eq(purchases.sessionId, theirSession));
      expect([theirUser.id, theirPurchase.id]).toEqual([ourUser.id, (await purchaseOf(mine.order_id)).id]);
      expect(theirUser.stripeCustomerId).not.toBe(ourUser.stripeCustomerId);
      expect(fake.session(theirSession).customer).toBe(theirUser.stripeCustomerId);
      expect(theirSession).not.toBe(mine.sessionId);

      // Their fan pays; Stripe sends the event to every endpoint of the account.
      fake.pay(theirSession);
      const event = fake.event('checkout.session.completed', theirSession);
      const before = await commerceTables();
      expect((await deliver(event)).status).toBe(200);
      expect((await deliver(event, { secret: otherSecret, to: otherHttp })).status).toBe(200);
      const after = await commerceTables();
      expect([after.purchases, after.orders, after.transactions]).toEqual([before.purchases, before.orders, before.transactions]);
      expect((await shop.order(ours.key, mine.order_id)).json.data.status).toBe('created');
      expect((await commerce(otherHttp).order(theirFan.key, theirs.order_id)).json.data).toMatchObject({ status: 'paid', activity_status: 'active' });
    } finally {
      await other.close();
    }
  });
});

describe(`buying with the Stripe provider (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes one Stripe customer per fan and a Checkout Session with our lines, links and idempotency key; the fan is sent to its url', async () => {
    const fan = await acc.signUp();
    const from = fake.requests.length;
    const first = await buyEvent(fan, 0);

    // Stripe's own hosted page: the web app answers the form post with a 303 to it.
    expect(first.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_[A-Za-z0-9]+$/);
    const sent = fake.requestsSince(from);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    for (const r of sent) {
      expect(r.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
      expect(r.headers['stripe-version']).toBe('2026-10-28.endive');
      expect(r.status).toBe(200);
    }

    const user = await userRow(server.db, fan.email);
    const [customerCall, sessionCall] = sent;
    expect(customerCall.body).toEqual({ email: fan.email, metadata: { user_id: String(user.id) } });
    const [customer] = [...fake.customers.values()].filter((c) => c.email === fan.email);
    expect(user.stripeCustomerId).toBe(customer.id);

    const purchase = await purchaseOf(first.order_id);
    const purchaseId = String(purchase.id);
    expect(sessionCall.body).toEqual({
      mode: 'payment',
      customer: customer.id,
      client_reference_id: purchaseId,
      metadata: { purchase_id: purchaseId },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: String(first.ticket.base_price), product_data: { name: first.event.name } } },
        { quantity: '1', price_data: { currency: 'usd', unit_amount: String(first.ticket.service_fee), product_data: { name: 'Service fee' } } },
      ],
      success_url: `${PUBLIC_URL}/orders/${first.order_id}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/watch/${first.event.id}`,
      // The session expires with the purchase's hold on what it uses (ADR 027): an hour on.
      expires_at: String(Math.floor(purchase.expiresAt!.getTime() / 1000)),
      payment_intent_data: { metadata: { purchase_id: purchaseId } },
    });
    expect(purchase.expiresAt!.getTime() - purchase.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    // Ours, not the SDK's per-request key: the same purchase can never make a second session.
    expect(sessionCall.headers['idempotency-key']).toBe(`purchase-${purchase.id}-${first.key}`);
    const session = fake.session(first.sessionId);
    // Stripe takes the currency's smallest unit, as the channel keeps and sends it: $7.99 is 799.
    expect(session.amount_total).toBe(799);
    expect(session).toMatchObject({ url: first.redirect_url, amount_total: first.ticket.price, currency: 'usd', customer: customer.id });
    expect(purchase).toMatchObject({
      provider: 'stripe',
      status: 'open',
      sessionId: session.id,
      redirectUrl: session.url,
      amountCents: first.ticket.price,
    });
    expect((await shop.order(fan.key, first.order_id)).json.data).toMatchObject({ status: 'created', activity_status: 'inactive' });

    // The same form again (a double click): the same checkout, nothing new at Stripe.
    const afterFirst = fake.requests.length;
    const again = await shop.buy(fan.key, { event_id: first.event.id, package_id: first.ticket.id, idempotency_key: first.key });
    expect(again.json.data).toEqual({ order_id: first.order_id, redirect_url: first.redirect_url });

    // The fan's next purchase reuses their customer.
    const second = await buyEvent(fan, 1);
    const later = fake.requestsSince(afterFirst, 'POST');
    expect(later.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    expect(later[0].body.customer).toBe(customer.id);
    expect(fake.session(second.sessionId).customer).toBe(customer.id);
    expect([...fake.customers.values()].filter((c) => c.email === fan.email)).toHaveLength(1);
  });

  it('a signed checkout.session.completed, once Stripe has the session paid: the order is paid and active, the event plays, a receipt is mailed', async () => {
    const fan = await acc.signUp();
    const bought = await buyEvent(fan, 2);
    expect((await shop.event(fan.key, bought.event.id)).json.data).toMatchObject({ has_access: false, url: null });

    fake.pay(bought.sessionId);
    const after = Date.now();
    const from = fake.requests.length;
    const event = fake.event('checkout.session.completed', bought.sessionId);
    const res = await deliver(event);
    expect([res.status, res.json]).toEqual([200, { received: true }]);
    // The event is not trusted for what it says: the session is read again from Stripe.
    expect(fake.requestsSince(from).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${bought.sessionId}`]);

    const purchase = await purchaseOf(bought.order_id);
    expect(purchase.status).toBe('paid');
    const [order] = await ordersOfPurchase(purchase.id);
    expect(order).toMatchObject({ status: 'paid', activityStatus: 'active', failureReason: null, amountCents: bought.ticket.price });
    expect(order.paidAt).toBeInstanceOf(Date);
    const txs = await server.db.select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(txs.map((t) => [t.status, t.amountCents, t.label])).toEqual([['paid', bought.ticket.price, 'Purchase']]);
    expect(await eventsWithId(event.id)).toEqual([expect.objectContaining({ id: event.id, type: 'checkout.session.completed' })]);

    expect((await shop.order(fan.key, bought.order_id)).json.data).toMatchObject({ status: 'paid', activity_status: 'active' });
    const playing = (await shop.event(fan.key, bought.event.id)).json.data;
    expect(playing.has_access).toBe(true);
    expect(playing.url).toMatch(/master\.m3u8$/);
    const receipt = await waitForMail(server.outbox, { to: fan.email, subject: 'receipt', after });
    expect(receipt.text).toContain(bought.event.name);
    expect(receipt.text).toContain(`Total paid: ${usd(bought.ticket.price)}`);
  });

  it('the same event delivered twice, even at once, makes one change; the repeats are 200 no-ops', async () => {
    const fan = await acc.signUp();
    const bought = await buyEvent(fan, 3);
    fake.pay(bought.sessionId);
    const event = fake.event('checkout.session.completed', bought.sessionId);
    const [a, b] = await Promise.all([deliver(event), deliver(event)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const settled = await commerceTables();
    const third = await deliver(event);
    expect(third.status).toBe(200);
    expect(await commerceTables()).toEqual(settled);
    expect(await eventsWithId(event.id)).toHaveLength(1);
    const [order] = await ordersOfPurchase((await purchaseOf(bought.order_id)).id);
    expect(order.status).toBe('paid');
    expect((await server.db.select().from(transactions).where(eq(transactions.orderId, order.id))).map((t) => t.status)).toEqual(['paid']);
    expect(receiptsTo(fan.email)).toHaveLength(1);
  });

  it('a forged signature, an altered body, a missing header or a timestamp 10 minutes old is a 400 and changes nothing', async () => {
    const fan = await acc.signUp();
    const bought = await buyEvent(fan, 4);
    fake.pay(bought.sessionId);
    const event = fake.event('checkout.session.completed', bought.sessionId);
    const before = await commerceTables();

    const forged = await deliver(event, { secret: 'whsec_somebody_else' });
    const altered = await deliver(event, { payload: (signed) => signed.replace('"livemode": false', '"livemode": true') });
    const unsigned = await deliver(event, { signature: null });
    const garbage = await deliver(event, { signature: 't=1,v1=deadbeef' });
    const old = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    for (const refused of [forged, altered, unsigned, garbage, old]) {
      expect([refused.status, refused.json]).toEqual([400, { code: 'invalid_params', message: 'The webhook signature is not valid' }]);
    }
    expect(await commerceTables()).toEqual(before);

    // The same event, signed as Stripe signs it, is taken.
    expect((await deliver(event)).status).toBe(200);
    expect((await purchaseOf(bought.order_id)).status).toBe('paid');
  });

  it('decides from the session as Stripe has it, not from the event: no access until it is paid, and never backwards', async () => {
    const fan = await acc.signUp();
    const bought = await buyEvent(fan, 5);

    // A completed event whose payload says paid, for a session Stripe still has open and unpaid.
    const claim = fake.event('checkout.session.completed', bought.sessionId, {
      session: { ...fake.session(bought.sessionId), status: 'complete', payment_status: 'paid' },
    });
    expect((await deliver(claim)).status).toBe(200);
    expect((await shop.order(fan.key, bought.order_id)).json.data).toMatchObject({ status: 'created', activity_status: 'inactive' });
    expect((await shop.event(fan.key, bought.event.id)).json.data.has_access).toBe(false);

    // Out of order: an async payment's success arrives before its completed event (whose payload
    // still says unpaid). The first one Stripe confirms pays; the late one changes nothing.
    fake.pay(bought.sessionId, 'unpaid');
    const completedUnpaid = fake.event('checkout.session.completed', bought.sessionId);
    fake.session(bought.sessionId).payment_status = 'paid';
    const succeeded = fake.event('checkout.session.async_payment_succeeded', bought.sessionId);
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await purchaseOf(bought.order_id)).status).toBe('paid');
    const paid = await commerceTables();
    expect((await deliver(completedUnpaid)).status).toBe(200);
    // A stale expired event (its payload from before) cannot undo a payment either.
    const staleExpired = fake.event('checkout.session.expired', bought.sessionId, { session: { ...fake.session(bought.sessionId), status: 'expired' } });
    expect((await deliver(staleExpired)).status).toBe(200);
    const after = await commerceTables();
    expect(after.orders).toEqual(paid.orders);
    expect(after.transactions).toEqual(paid.transactions);
    expect((await shop.event(fan.key, bought.event.id)).json.data.has_access).toBe(true);
  });
});

describe('fulfilment without a webhook, expiry and new attempts', () => {
  it('a fan who closes the tab still gets access: no webhook at all, the order page asks Stripe', async () => {
    const fan = await acc.signUp();
    const bought = await buyEvent(fan, 7);
    fake.pay(bought.sessionId);
    const after = Date.now();
    const from = fake.requests.length;
    const order = (await shop.order(fan.key, bought.order_id)).json.data;
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active' });
    expect(order.transactions.map((t: { status: string }) => t.status)).toEqual(['paid']);
    expect(fake.requestsSince(from).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${bought.sessionId}`]);
    expect((await shop.event(fan.key, bought.event.id)).json.data.has_access).toBe(true);
    await waitForMail(server.outbox, { to: fan.email, subject: 'receipt', after });

    // Settled: the order page does not ask Stripe again, and the late webhook changes nothing.
    const settled = await commerceTables();
    const reread = fake.requests.length;
    await shop.order(fan.key, bought.order_id);
    expect(fake.requestsSince(reread)).toEqual([]);
    expect((await deliver(fake.event('checkout.session.completed', bought.sessionId))).status).toBe(200);
    const later = await commerceTables();
    expect([later.purchases, later.orders, later.transactions]).toEqual([settled.purchases, settled.orders, settled.transactions]);
    expect(receiptsTo(fan.email)).toHaveLength(1);
  });

  it('an expired session fails its order: by checkout.session.expired, or when the order page reads it', async () => {
    const byWebhook = await acc.signUp();
    const first = await buyEvent(byWebhook, 8);
    fake.expire(first.sessionId);
    expect((await deliver(fake.event('checkout.session.expired', first.sessionId))).status).toBe(200);
    const failed = await ordersOfPurchase((await purchaseOf(first.order_id)).id);
    expect(failed.map((o) => [o.status, o.activityStatus, o.failureReason])).toEqual([['failed', 'inactive', DECLINE_MSG.expired]]);
    expect((await server.db.select().from(transactions).where(eq(transactions.orderId, first.order_id))).map((t) => t.status)).toEqual(['failed']);

    const byPage = await acc.signUp();
    const second = await buyEvent(byPage, 8);
    fake.expire(second.sessionId);
    expect((await shop.order(byPage.key, second.order_id)).json.data).toMatchObject({ status: 'failed', failure_reason: DECLINE_MSG.expired });
    expect((await shop.event(byPage.key, second.event.id)).json.data.has_access).toBe(false);
    expect(receiptsTo(byPage.email)).toEqual([]);
  });

  it('a second attempt at the same product expires the first session at Stripe and fails its order', async () => {
    const fan = await acc.signUp();
    const first = await buyEvent(fan, 9);
    const from = fake.requests.length;
    const second = await buyEvent(fan, 9);
    expect(second.order_id).not.toBe(first.order_id);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(fake.requestsSince(from, 'POST').map((r) => r.path)).toEqual([`/v1/checkout/sessions/${first.sessionId}/expire`, '/v1/checkout/sessions']);
    expect(fake.session(first.sessionId)).toMatchObject({ status: 'expired', url: null });
    expect((await shop.order(fan.key, first.order_id)).json.data).toMatchObject({ status: 'failed', failure_reason: REPLACED });
    expect((await shop.order(fan.key, second.order_id)).json.data.status).toBe('created');

    // The replaced session's expired event changes nothing more; the new one pays.
    expect((await deliver(fake.event('checkout.session.expired', first.sessionId))).status).toBe(200);
    fake.pay(second.sessionId);
    expect((await deliver(fake.event('checkout.session.completed', second.sessionId))).status).toBe(200);
    expect((await shop.order(fan.key, second.order_id)).json.data.status).toBe('paid');
    expect((await shop.order(fan.key, first.order_id)).json.data).toMatchObject({ status: 'failed', failure_reason: REPLACED });
  });

  it('a second attempt after the first was paid (its webhook not there yet): the first is paid, the second refused as already bought', async () => {
    const fan = await acc.signUp();
    const first = await buyEvent(fan, 10);
    fake.pay(first.sessionId);
    const from = fake.requests.length;
    const again = await shop.buy(fan.key, { event_id: first.event.id, package_id: first.ticket.id });
    expect([again.status, again.json.message]).toEqual([409, ORDER_MSG.alreadyBought('event')]);
    // Stripe refused to expire a complete session; no new session was made.
    expect(fake.requestsSince(from, 'POST').map((r) => [r.path, r.status])).toEqual([[`/v1/checkout/sessions/${first.sessionId}/expire`, 400]]);
    expect((await shop.order(fan.key, first.order_id)).json.data).toMatchObject({ status: 'paid', activity_status: 'active' });
    expect((await shop.event(fan.key, first.event.id)).json.data.has_access).toBe(true);
    expect(receiptsTo(fan.email)).toHaveLength(1);
  });
});

describe('Stripe unreachable', () => {
  it('buying answers 502 with the words for it, never 500, and the order is failed, not left processing', async () => {
    const fan = await acc.signUp();
    const open = await buyEvent(fan, 11);
    const { event, ticket } = await shop.paidEvent(12);
    const key = idempotencyKey();
    await fake.stop();
    try {
      const res = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, idempotency_key: key });
      expect([res.status, res.json]).toEqual([502, { code: 'payment_provider_unavailable', message: ORDER_MSG.providerUnavailable }]);
      const [purchase] = await server.db.select().from(purchases).where(eq(purchases.idempotencyKey, key));
      expect(purchase).toMatchObject({ status: 'failed', sessionId: null, failureReason: ORDER_MSG.providerUnavailable });
      const [order] = await ordersOfPurchase(purchase.id);
      expect(order).toMatchObject({ status: 'failed', activityStatus: 'inactive', failureReason: ORDER_MSG.providerUnavailable });
      expect((await server.db.select().from(transactions).where(eq(transactions.orderId, order.id))).map((t) => t.status)).toEqual(['failed']);
      expect((await shop.order(fan.key, order.id)).json.data).toMatchObject({ status: 'failed', failure_reason: ORDER_MSG.providerUnavailable });

      // A new attempt at a product with a checkout still open: Stripe cannot say whether it was
      // paid, so it is neither failed nor replaced.
      const before = await commerceTables();
      const retry = await shop.buy(fan.key, { event_id: open.event.id, package_id: open.ticket.id });
      expect([retry.status, retry.json]).toEqual([502, { code: 'payment_provider_unavailable', message: ORDER_MSG.providerUnavailable }]);
      expect(await commerceTables()).toEqual(before);

      // The open order's page still answers, as it is.
      const page = await shop.order(fan.key, open.order_id);
      expect([page.status, page.json.data?.status]).toEqual([200, 'created']);

      // A webhook that cannot be checked with Stripe is not taken: Stripe delivers it again later.
      fake.pay(open.sessionId);
      const completed = fake.event('checkout.session.completed', open.sessionId);
      const refused = await deliver(completed);
      expect(refused.status).toBe(503);
      expect(await commerceTables()).toEqual(before);
      await fake.start();
      expect((await deliver(completed)).status).toBe(200);
      expect((await shop.order(fan.key, open.order_id)).json.data.status).toBe('paid');
    } finally {
      await fake.start();
    }
  });
});

describe('a package bundle with the Stripe provider', () => {
  it('one Checkout Session: one line per choice plus the service fee; paid, every order is active', async () => {
    const fan = await acc.signUp();
    const { packages } = await shop.catalogue();
    const season = packages.filter((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)[2];
    const detail = api.packageDetail.response.parse((await acc.get(`/packages/${season.id}`, { api_key: fan.key })).json).data;
    const from = fake.requests.length;
    const res = await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: detail.choices.map((c) => c.id) });
    expect(res.status, res.text).toBe(200);
    const started = api.buyBundle.response.parse(res.json).data;
    const made = fake.requestsSince(from, 'POST', '/v1/checkout/sessions');
    expect(made).toHaveLength(1);
    const line = (name: string, amount: number) => ({
      quantity: '1',
      price_data: { currency: 'usd', unit_amount: String(amount), product_data: { name } },
    });
    expect(made[0].body).toMatchObject({
      mode: 'payment',
      line_items: [...detail.choices.map((c) => line(`${season.name}: ${c.name}`, season.base_price)), line('Service fee', season.service_fee)],
      cancel_url: `${PUBLIC_URL}/select-package/${season.id}`,
    });
    const sessionId = sessionIdOf(started.redirect_url);
    expect(fake.session(sessionId).amount_total).toBe(detail.choices.length * season.base_price + season.service_fee);

    fake.pay(sessionId);
    expect((await deliver(fake.event('checkout.session.completed', sessionId))).status).toBe(200);
    const all = await ordersOfPurchase((await purchaseOf(started.order_id)).id);
    expect(all.map((o) => [o.status, o.activityStatus, o.eventCategoryId])).toEqual(detail.choices.map((c) => ['paid', 'active', c.id]));
    const after = api.packageDetail.response.parse((await acc.get(`/packages/${season.id}`, { api_key: fan.key })).json).data;
    expect(after).toMatchObject({ purchased: true, disabledCategories: detail.choices.map((c) => c.id) });
    const [stored] = await server.db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.email, fan.email));
    expect(fake.session(sessionId).customer).toBe(stored.customer);
  });
});
