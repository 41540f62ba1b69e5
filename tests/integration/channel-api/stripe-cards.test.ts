import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, DECLINE_MSG, ORDER_MSG } from '#contract';
import { orders, purchases, transactions } from '../../../channel-api/db/schema.ts';
import { type FakeEvent } from '../../support/fake-stripe.ts';
import { userRow } from '../support/accounts.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, idempotencyKey, shopForThisFile } from '../support/commerce.ts';

/* Saved cards with the Stripe provider, against the local fake of Stripe's API (ADR 018): what the
   channel sends to Stripe to list cards (customers.listPaymentMethods, allow_redisplay always),
   add one (Checkout in setup mode), remove one (paymentMethods.detach) and pay with one
   (paymentIntents.create with confirm, on-session, return_url), and what Stripe's answers and
   payment_intent events do to the orders; another fan's card never reaches Stripe's charge. */

const PUBLIC_URL = 'http://fieldhouse.test';
const WEBHOOK_SECRET = 'whsec_test_fieldhouse_cards_0123456789';

const { server, http, acc, shop, fake } = shopForThisFile({ publicUrl: PUBLIC_URL, stripeWebhookSecret: WEBHOOK_SECRET });

type Fan = Awaited<ReturnType<typeof acc.signUp>>;

const deliver = (event: FakeEvent) => {
  const signed = fake.sign(event, WEBHOOK_SECRET);
  return http.request('POST', '/stripe/webhook', {
    body: signed.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
  });
};
const order = async (key: string, id: number) => api.orderDetail.response.parse((await shop.order(key, id)).json).data;
const setupIntent = (fan: Fan) => http.request('POST', '/stripe/setup-intent', { body: { api_key: fan.key } });

/** A fan with a Stripe customer (made by Add a card) and this test card saved on it. */
async function fanWithCard(number: string = CARD.ok): Promise<{ fan: Fan; customer: string; card: string }> {
  const fan = await acc.signUp();
  const setup = await setupIntent(fan);
  expect(setup.status, setup.text).toBe(200);
  const sessionId = new URL(setup.json.data.redirect_url).pathname.split('/').at(-1)!;
  const card = fake.completeSetup(sessionId, number).id;
  return { fan, customer: (await userRow(server.db, fan.email)).stripeCustomerId!, card };
}

async function buyWith(fan: Fan, card: string, pick = 0) {
  const { event, ticket } = await shop.paidEvent(pick);
  const res = await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, payment_method_id: card, idempotency_key: idempotencyKey() });
  return { event, ticket, res };
}

describe(`saved cards with Stripe (fake Stripe API, ${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('list-cards: none (and no Stripe call) before the fan is a customer; then only the cards they may see again', async () => {
    const fan = await acc.signUp();
    const from = fake.requests.length;
    expect(await shop.cards(fan.key)).toEqual([]);
    expect(fake.requestsSince(from)).toEqual([]);

    const { fan: holder, customer, card } = await fanWithCard(CARD.ok);
    fake.attachCard(customer, CARD.authenticate, 'limited'); // a subscription's card
    const listFrom = fake.requests.length;
    expect(await shop.cards(holder.key)).toEqual([{ id: card, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, default: true }]);
    const [list] = fake.requestsSince(listFrom, 'GET', `/v1/customers/${customer}/payment_methods`);
    expect(list.query).toMatchObject({ type: 'card', allow_redisplay: 'always' });
  });

  it('setup-intent: one customer, a Checkout Session in setup mode that saves a card to show again, back to the profile', async () => {
    const fan = await acc.signUp();
    const from = fake.requests.length;
    const first = await setupIntent(fan);
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const customer = (await userRow(server.db, fan.email)).stripeCustomerId;
    expect(customer).toMatch(/^cus_/);
    const [made] = fake.requestsSince(from, 'POST', '/v1/checkout/sessions');
    expect(made.body).toMatchObject({
      mode: 'setup',
      customer,
      currency: 'usd',
      payment_method_data: { allow_redisplay: 'always' },
      success_url: `${PUBLIC_URL}/profile/payment-methods`,
      cancel_url: `${PUBLIC_URL}/profile/payment-methods`,
    });
    expect(made.body.line_items).toBeUndefined();
    expect(made.headers['idempotency-key']).toMatch(/^setup-/);
    await setupIntent(fan);
    expect(fake.requestsSince(from, 'POST', '/v1/customers')).toHaveLength(1);

    // The session's completed event is acknowledged and changes no order.
    const sessionId = new URL(first.json.data.redirect_url).pathname.split('/').at(-1)!;
    fake.completeSetup(sessionId, CARD.ok);
    const before = await server.db.select().from(purchases).orderBy(asc(purchases.id));
    expect((await deliver(fake.event('checkout.session.completed', sessionId))).status).toBe(200);
    expect(await server.db.select().from(purchases).orderBy(asc(purchases.id))).toEqual(before);
    expect((await shop.cards(fan.key)).map((c) => c.last4)).toEqual(['4242']);
  });

  it('pay with a saved card (4242): a PaymentIntent confirmed on-session, paid at once; its event later changes nothing', async () => {
    const { fan, customer, card } = await fanWithCard(CARD.ok);
    const from = fake.requests.length;
    const { ticket, res } = await buyWith(fan, card);
    expect(res.status, res.text).toBe(200);
    const { order_id, redirect_url } = res.json.data;
    expect(redirect_url).toBe(`/orders/${order_id}`);
    const [charge] = fake.requestsSince(from, 'POST', '/v1/payment_intents');
    expect(charge.body).toMatchObject({
      amount: String(ticket.price),
      currency: 'usd',
      customer,
      payment_method: card,
      confirm: 'true',
      off_session: 'false',
      return_url: `${PUBLIC_URL}/orders/${order_id}`,
    });
    expect(charge.headers['idempotency-key']).toMatch(/^purchase-\d+-/);
    const paid = await order(fan.key, order_id);
    expect(paid).toMatchObject({ status: 'paid', activity_status: 'active' });
    expect(fake.requestsSince(from, 'POST', '/v1/checkout/sessions')).toEqual([]);

    const piId = [...fake.paymentIntents.values()].find((pi) => pi.payment_method === card)!.id;
    const tx = await server.db.select().from(transactions).orderBy(asc(transactions.id));
    expect((await deliver(fake.paymentIntentEvent('payment_intent.succeeded', piId))).status).toBe(200);
    expect(await server.db.select().from(transactions).orderBy(asc(transactions.id))).toEqual(tx);
  });

  it('3155: the bank page (next_action redirect_to_url), then payment_intent.succeeded pays the order', async () => {
    const { fan, card } = await fanWithCard(CARD.authenticate);
    const { res } = await buyWith(fan, card, 1);
    expect(res.status, res.text).toBe(200);
    const { order_id, redirect_url } = res.json.data;
    expect(redirect_url).toMatch(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/hosted\?payment_intent=pi_/);
    expect((await order(fan.key, order_id)).status).toBe('created');
    const piId = new URL(redirect_url).searchParams.get('payment_intent')!;
    fake.authenticate(piId, true);
    expect((await deliver(fake.paymentIntentEvent('payment_intent.succeeded', piId))).status).toBe(200);
    expect(await order(fan.key, order_id)).toMatchObject({ status: 'paid', activity_status: 'active' });
  });

  it('3155 failed at the bank, no webhook: the order page asks Stripe and fails the order with the reason', async () => {
    const { fan, card } = await fanWithCard(CARD.authenticate);
    const { res } = await buyWith(fan, card, 2);
    const piId = new URL(res.json.data.redirect_url).searchParams.get('payment_intent')!;
    fake.authenticate(piId, false);
    expect(await order(fan.key, res.json.data.order_id)).toMatchObject({ status: 'failed', failure_reason: DECLINE_MSG.authentication_failed });
  });

  it('a declined saved card (0002): Stripe’s 402 fails the order with the reason, and the fan goes to the order page', async () => {
    const { fan, card } = await fanWithCard(CARD.declined);
    const { res } = await buyWith(fan, card);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.redirect_url).toBe(`/orders/${res.json.data.order_id}`);
    expect(await order(fan.key, res.json.data.order_id)).toMatchObject({ status: 'failed', failure_reason: DECLINE_MSG.card_declined });
  });

  it('another fan’s card: 404 before anything is written or charged; removing it is refused too', async () => {
    const { card: theirs, fan: owner } = await fanWithCard(CARD.ok);
    const { fan } = await fanWithCard(CARD.ok);
    const from = fake.requests.length;
    const before = await server.db.select().from(orders).orderBy(asc(orders.id));
    const { res } = await buyWith(fan, theirs);
    expect([res.status, res.json.errors]).toEqual([404, { payment_method_id: [ORDER_MSG.cardNotFound] }]);
    const removal = await http.request('POST', '/stripe/delete-card', { body: { api_key: fan.key, payment_method_id: theirs } });
    expect(removal.status).toBe(404);
    expect(fake.requestsSince(from, 'POST', '/v1/payment_intents')).toEqual([]);
    expect(fake.requestsSince(from, 'POST', /\/detach$/)).toEqual([]);
    expect(await server.db.select().from(orders).orderBy(asc(orders.id))).toEqual(before);
    expect((await shop.cards(owner.key)).map((c) => c.id)).toEqual([theirs]);
  });

  it('delete-card detaches the fan’s own card', async () => {
    const { fan, card } = await fanWithCard(CARD.ok);
    const from = fake.requests.length;
    const res = await http.request('POST', '/stripe/delete-card', { body: { api_key: fan.key, payment_method_id: card } });
    expect([res.status, res.json]).toEqual([200, { data: [] }]);
    expect(fake.requestsSince(from, 'POST', `/v1/payment_methods/${card}/detach`)).toHaveLength(1);
  });
});
