import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, DECLINE_MSG, ORDER_MSG } from '#contract';
import { coupons, orders, purchases, sandboxCards, sandboxPaymentIntents, transactions } from '../../../channel-api/db/schema.ts';
import { usd } from '../../support/money.ts';
import { listMail, waitForMail } from '../../support/outbox.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, idempotencyKey, shopForThisFile } from '../support/commerce.ts';

/* Saved cards on the sandbox provider (issue 11, ADR 018): adding a card without paying (setup-intent
   and the sandbox's "Add a card" page), listing and removing cards, and paying a one-time purchase
   with one: 4242 paid at once, 3155 through the bank's page (Complete, Fail), a declined card, the
   same idempotency key charging once, a promotion code counted once; another fan's card is not
   found and changes nothing. */

const PUBLIC_URL = 'http://fieldhouse.test';

const { server, http, acc, shop } = shopForThisFile({ publicUrl: PUBLIC_URL });

const order = async (key: string, id: number) => api.orderDetail.response.parse((await shop.order(key, id)).json).data;

/** Everything paying can change, to compare before and after a refusal. */
async function commerceTables() {
  return {
    purchases: await server.db.select().from(purchases).orderBy(asc(purchases.id)),
    orders: await server.db.select().from(orders).orderBy(asc(orders.id)),
    transactions: await server.db.select().from(transactions).orderBy(asc(transactions.id)),
    intents: await server.db.select().from(sandboxPaymentIntents).orderBy(asc(sandboxPaymentIntents.id)),
    cards: await server.db.select().from(sandboxCards).orderBy(asc(sandboxCards.id)),
  };
}

/** A fan buys the `pick`-th paid event with a saved card. */
async function buyWithCard(fan: { key: string }, cardId: string, opts: { pick?: number; key?: string; code?: string } = {}) {
  const { event, ticket } = await shop.paidEvent(opts.pick ?? 0);
  const res = await shop.buy(fan.key, {
    event_id: event.id,
    package_id: ticket.id,
    payment_method_id: cardId,
    idempotency_key: opts.key ?? idempotencyKey(),
    ...(opts.code ? { promotion_code: opts.code } : {}),
  });
  return { event, ticket, res };
}

describe(`saved cards on the sandbox (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a new fan has none; Add a card saves one without paying, back to the profile; the newest is the default', async () => {
    const fan = await acc.signUp();
    expect(await shop.cards(fan.key)).toEqual([]);
    const setup = await http.request('POST', '/stripe/setup-intent', { body: { api_key: fan.key } });
    expect(setup.status, setup.text).toBe(200);
    // A path on the web server's origin, whichever the fan uses (ADR 029).
    const path: string = setup.json.data.redirect_url;
    expect(path).toMatch(/^\/sandbox\/add-card\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const page = await (await fetch(new URL(path, server.url))).text();
    expect(page).toContain('<h1>Add a card</h1>');
    expect(page).toContain('Test mode.');
    expect(page).toContain('Nothing is charged now.');

    const saved = await shop.postForm(path, { card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123' });
    expect([saved.status, saved.location]).toEqual([303, '/profile/payment-methods']);
    const [card] = await shop.cards(fan.key);
    expect(card).toEqual({ id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, default: true });

    const second = await shop.saveCard(fan.key, CARD.authenticate);
    const both = await shop.cards(fan.key);
    expect(both.map((c) => [c.id, c.last4, c.default])).toEqual([
      [second, '3155', true],
      [card.id, '4242', false],
    ]);
    expect(listMail(server.outbox).filter((m) => m.to.includes(fan.email) && /receipt/i.test(m.subject))).toEqual([]);
  });

  it('the Add a card page refuses what Stripe refuses: mistakes on the form, 0002 declined; nothing is saved', async () => {
    const fan = await acc.signUp();
    const setup = await http.request('POST', '/stripe/setup-intent', { body: { api_key: fan.key } });
    const path = shop.checkoutPath(setup.json.data.redirect_url);
    const declined = await shop.postForm(path, { card_number: CARD.declined, card_expiry: '12 / 34', card_cvc: '123' });
    expect(declined.status).toBe(400);
    expect(declined.text).toContain(DECLINE_MSG.card_declined);
    const wrong = await shop.postForm(path, { card_number: '4242', card_expiry: '13 / 99', card_cvc: '' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Your card number is incomplete.');
    expect(wrong.text).toContain('aria-invalid="true"');
    expect(await shop.cards(fan.key)).toEqual([]);
  });

  it('an add-card link is for one fan and one purpose: forged, altered or a portal link is refused', async () => {
    const fan = await acc.signUp();
    const setup = await http.request('POST', '/stripe/setup-intent', { body: { api_key: fan.key } });
    const path = shop.checkoutPath(setup.json.data.redirect_url);
    const portal = shop
      .checkoutPath((await acc.get('/stripe/customer-portal', { api_key: fan.key })).json.data.url)
      .split('/')
      .at(-1);
    const card = { card_number: CARD.ok, card_expiry: '12 / 34', card_cvc: '123' };
    for (const bad of [`/sandbox/add-card/${portal}`, `${path.slice(0, -3)}AAA`, '/sandbox/add-card/bnVsbA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect((await fetch(new URL(bad, server.url))).status, bad).toBe(404);
      expect((await shop.postForm(bad, card)).status, bad).toBe(404);
    }
    expect(await shop.cards(fan.key)).toEqual([]);
  });

  it('4242: paid at once, the fan goes to the order page; access and the receipt follow', async () => {
    const fan = await acc.signUp();
    const cardId = await shop.saveCard(fan.key, CARD.ok);
    const after = Date.now();
    const { event, ticket, res } = await buyWithCard(fan, cardId);
    expect(res.status, res.text).toBe(200);
    const { order_id, redirect_url } = api.buy.response.parse(res.json).data;
    expect(redirect_url).toBe(`/orders/${order_id}`);
    const paid = await order(fan.key, order_id);
    expect(paid).toMatchObject({ status: 'paid', activity_status: 'active', amount: ticket.price });
    expect(paid.transactions.map((t) => [t.label, t.status, t.amount])).toEqual([['Purchase', 'paid', ticket.price]]);
    expect((await shop.event(fan.key, event.id)).json.data.has_access).toBe(true);
    const receipt = await waitForMail(server.outbox, { to: fan.email, subject: 'receipt', after });
    expect(receipt.text).toContain(`Total paid: ${usd(ticket.price)}`);
    const [purchase] = await server.db.select().from(purchases).where(eq(purchases.id, paid.purchase_id!));
    expect(purchase).toMatchObject({ paymentMethodId: cardId, status: 'paid', sessionId: expect.stringMatching(/^pi_test_/) });
  });

  it('the same form twice charges once: the same order and bank page while it waits, one payment', async () => {
    const fan = await acc.signUp();
    const cardId = await shop.saveCard(fan.key, CARD.authenticate);
    const key = idempotencyKey();
    const first = await buyWithCard(fan, cardId, { key, pick: 4 });
    const again = await buyWithCard(fan, cardId, { key, pick: 4 });
    expect(again.res.json.data).toEqual(first.res.json.data);
    expect(first.res.json.data.redirect_url).toMatch(/\/sandbox\/payment\/pi_test_/);
    await shop.authenticatePayment(first.res.json.data.redirect_url, 'complete');
    // Paid: the form again is the spec's 'already bought', and charges nothing.
    expect((await buyWithCard(fan, cardId, { key, pick: 4 })).res.status).toBe(409);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, first.res.json.data.order_id));
    expect(await server.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.purchaseId, row.purchaseId!))).toHaveLength(1);
  });

  it('3155: the bank page, then Complete pays and sends the fan back to the order page', async () => {
    const fan = await acc.signUp();
    const cardId = await shop.saveCard(fan.key, CARD.authenticate);
    const { event, ticket, res } = await buyWithCard(fan, cardId, { pick: 1 });
    expect(res.status, res.text).toBe(200);
    const { order_id, redirect_url } = res.json.data;
    expect(redirect_url).toMatch(/^\/sandbox\/payment\/pi_test_[A-Za-z0-9]+\/authenticate$/);
    expect((await order(fan.key, order_id)).status).toBe('created');
    const bank = await (await fetch(new URL(redirect_url, server.url))).text();
    expect(bank).toContain('Authenticate your payment');
    expect(bank).toContain(usd(ticket.price));

    const done = await shop.authenticatePayment(redirect_url, 'complete');
    expect(done.status).toBe(303);
    expect(done.location).toMatch(new RegExp(`^/orders/${order_id}\\?payment_intent=pi_test_`));
    expect(await order(fan.key, order_id)).toMatchObject({ status: 'paid', activity_status: 'active' });
    expect((await shop.event(fan.key, event.id)).json.data.has_access).toBe(true);
    // Answered once: a second answer changes nothing.
    expect((await shop.authenticatePayment(redirect_url, 'fail')).status).toBe(409);
    expect((await order(fan.key, order_id)).status).toBe('paid');
  });

  it('3155: Fail fails the order with the bank’s reason; nothing is granted', async () => {
    const fan = await acc.signUp();
    const cardId = await shop.saveCard(fan.key, CARD.authenticate);
    const { event, res } = await buyWithCard(fan, cardId, { pick: 2 });
    const { order_id, redirect_url } = res.json.data;
    expect((await shop.postForm(redirect_url, { result: 'maybe' })).status).toBe(400);
    expect((await shop.authenticatePayment(redirect_url, 'fail')).status).toBe(303);
    expect(await order(fan.key, order_id)).toMatchObject({ status: 'failed', failure_reason: DECLINE_MSG.authentication_failed });
    expect((await shop.event(fan.key, event.id)).json.data.has_access).toBe(false);
  });

  it('a saved card that is declined (9995): the order fails with the reason, like the checkout', async () => {
    const fan = await acc.signUp();
    const cardId = await shop.saveCard(fan.key, CARD.insufficient);
    const { event, res } = await buyWithCard(fan, cardId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.redirect_url).toBe(`/orders/${res.json.data.order_id}`);
    expect(await order(fan.key, res.json.data.order_id)).toMatchObject({ status: 'failed', failure_reason: DECLINE_MSG.insufficient_funds });
    expect((await shop.event(fan.key, event.id)).json.data.has_access).toBe(false);
  });

  it('another fan’s card, a removed card, a made-up card: not found, and nothing changes', async () => {
    const owner = await acc.signUp();
    const theirs = await shop.saveCard(owner.key, CARD.ok);
    const fan = await acc.signUp();
    const before = await commerceTables();
    for (const cardId of [theirs, 'pm_sbx_NoSuchCardAtAll']) {
      const { res } = await buyWithCard(fan, cardId);
      expect([res.status, res.json], cardId).toEqual([
        404,
        { code: 'card_not_found', message: ORDER_MSG.cardNotFound, errors: { payment_method_id: [ORDER_MSG.cardNotFound] } },
      ]);
    }
    const season = (await shop.catalogue()).packages.find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)!;
    const bundle = await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: [season.event_categories[0]], payment_method_id: theirs });
    expect(bundle.status).toBe(404);
    const removal = await http.request('POST', '/stripe/delete-card', { body: { api_key: fan.key, payment_method_id: theirs } });
    expect(removal.status).toBe(404);
    expect(await commerceTables()).toEqual(before);
    expect((await shop.cards(owner.key)).map((c) => c.id)).toEqual([theirs]);

    // The owner removes it: gone from the list, and it pays for nothing any more.
    const removed = await http.request('POST', '/stripe/delete-card', { body: { api_key: owner.key, payment_method_id: theirs } });
    expect([removed.status, removed.json]).toEqual([200, { data: [] }]);
    expect((await buyWithCard(owner, theirs)).res.status).toBe(404);
    expect((await http.request('POST', '/stripe/delete-card', { body: { api_key: owner.key, payment_method_id: theirs } })).status).toBe(404);
  });

  it('a subscription is paid on the checkout, not with a saved card', async () => {
    const fan = await acc.signUp();
    const cardId = await shop.saveCard(fan.key, CARD.ok);
    const [sub] = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data;
    const before = await commerceTables();
    const res = await shop.buy(fan.key, { subscription_id: sub.id, payment_method_id: cardId });
    expect([res.status, res.json.errors]).toEqual([400, { payment_method_id: [ORDER_MSG.subscriptionNeedsCheckout] }]);
    expect(await commerceTables()).toEqual(before);
  });

  it('a promotion code with a saved card: the discounted amount is charged and the use counted once', async () => {
    const fan = await acc.signUp();
    const cardId = await shop.saveCard(fan.key, CARD.ok);
    const uses = async () => (await server.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10')))[0].timesRedeemed;
    const before = await uses();
    const { ticket, res } = await buyWithCard(fan, cardId, { code: 'WELCOME10', pick: 3 });
    expect(res.status, res.text).toBe(200);
    const paid = await order(fan.key, res.json.data.order_id);
    const discount = Math.round(ticket.base_price / 10);
    expect(paid.status).toBe('paid');
    expect(paid.amount).toBe(ticket.price - discount);
    const [intent] = await server.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.purchaseId, paid.purchase_id!));
    expect(intent.amountCents).toBe(paid.amount);
    expect(await uses()).toBe(before + 1);
  });
});
