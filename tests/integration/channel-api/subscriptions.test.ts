import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, ORDER_MSG, SANDBOX_CARDS, type Subscription } from '#contract';
import { users } from '../../../channel-api/db/schema.ts';
import { usd } from '../../support/money.ts';
import { waitForMail } from '../../support/outbox.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, idempotencyKey, shopForThisFile } from '../support/commerce.ts';

/* Subscriptions on the sandbox provider and its test clock (issue 11): a paid start, free trials,
   renewals ('New subscription' then 'Subscription Renewal'), a failed renewal kept while retries
   run then expired, cancelling the renewal with access to the period's end, the billing portal. */

const DAY = 86_400;

let monthly: Subscription;

const { server, http, acc, shop } = shopForThisFile({ publicUrl: 'http://fieldhouse.test' }, async ({ http }) => {
  monthly = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data.find((s) => s.period === 'month')!;
});

const advance = (email: string, days: number) => http.request('POST', '/sandbox/clock', { body: { email, advance_seconds: Math.round(days * DAY) } });
const order = async (key: string, id: number) => api.orderDetail.response.parse((await shop.order(key, id)).json).data;
const daysFromNow = (iso: string | null) => (iso ? (Date.parse(iso) - Date.now()) / 86_400_000 : NaN);
const paidEvent = async () => (await shop.paidEvent(5)).event;

async function subscribe(fan: { key: string }, card: string = CARD.ok) {
  const started = await shop.buy(fan.key, { subscription_id: monthly.id });
  expect(started.status, started.text).toBe(200);
  expect((await shop.pay(started.json.data.redirect_url, card)).status).toBe(303);
  return started.json.data.order_id as number;
}

async function startTrial(fan: { key: string }, card: string = CARD.ok) {
  const started = await http.request('POST', '/stripe/subscription/start_trial', {
    body: { api_key: fan.key, subscription_id: monthly.id, idempotency_key: idempotencyKey() },
  });
  expect(started.status, started.text).toBe(200);
  const page = await (await fetch(new URL(shop.checkoutPath(started.json.data.redirect_url), server.url))).text();
  expect(page).toContain(`Free for ${monthly.trial_period} days, then ${usd(monthly.base_price)} every 30 days`);
  expect(page).toContain('Start free trial');
  expect((await shop.pay(started.json.data.redirect_url, card)).status).toBe(303);
  return started.json.data.order_id as number;
}

describe(`subscriptions (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a paid start: active, renewing, every capability; a renewal after 30 days is a Subscription Renewal', async () => {
    const fan = await acc.signUp();
    const id = await subscribe(fan);
    const first = await order(fan.key, id);
    expect(first).toMatchObject({
      type: 'subscription',
      status: 'paid',
      activity_status: 'active',
      auto_renew: true,
      trial_ends_at: null,
      amount: monthly.price,
    });
    expect(daysFromNow(first.access_until)).toBeCloseTo(30, 0);
    expect(first.transactions.map((t) => [t.label, t.status, t.amount])).toEqual([['New subscription', 'paid', monthly.price]]);
    expect((await acc.get('/user/access', { api_key: fan.key })).json.data.capabilities).toEqual(
      expect.arrayContaining(['no_ads', 'vod_media_access', 'download']),
    );
    expect((await shop.event(fan.key, (await paidEvent()).id)).json.data.has_access).toBe(true);

    const after = Date.now();
    expect((await advance(fan.email, 31)).status).toBe(200);
    const renewed = await order(fan.key, id);
    expect(renewed.transactions.map((t) => [t.label, t.status, t.amount])).toEqual([
      ['New subscription', 'paid', monthly.price],
      ['Subscription Renewal', 'paid', monthly.base_price],
    ]);
    expect(daysFromNow(renewed.access_until)).toBeCloseTo(60, 0);
    const mail = await waitForMail(server.outbox, { to: fan.email, subject: 'receipt', after });
    expect(mail.text).toContain(`Total paid: ${usd(monthly.base_price)}`);
  });

  it('a free trial: offered once, nothing charged, the card kept; it ends with a New subscription, then renews', async () => {
    const fan = await acc.signUp();
    const quote = await http.request('GET', '/stripe/quote', { query: { api_key: fan.key, subscription_id: String(monthly.id) } });
    expect(quote.json.data.trial_days).toBe(monthly.trial_period);
    const preview = await http.request('POST', '/stripe/invoice-preview', { body: { api_key: fan.key, subscription_id: monthly.id, trial: true } });
    expect(preview.json.data).toMatchObject({ due_today: 0, next_amount: monthly.base_price, currency: 'USD' });
    expect(daysFromNow(preview.json.data.next_date)).toBeCloseTo(monthly.trial_period!, 0);

    const id = await startTrial(fan);
    const trial = await order(fan.key, id);
    expect(trial).toMatchObject({ status: 'paid', activity_status: 'active', amount: 0, auto_renew: true });
    expect(daysFromNow(trial.trial_ends_at)).toBeCloseTo(monthly.trial_period!, 0);
    expect(trial.transactions.map((t) => [t.label, t.status, t.amount])).toEqual([['Free trial', 'paid', 0]]);
    expect((await acc.get('/profile', { api_key: fan.key })).json.data.trial_period_used).toBe(true);
    const again = await http.request('POST', '/stripe/subscription/start_trial', {
      body: { api_key: fan.key, subscription_id: monthly.id, idempotency_key: idempotencyKey() },
    });
    expect([again.status, again.json.code, again.json.message]).toEqual([409, 'trial_used', ORDER_MSG.trialUsed]);

    const before = Date.now();
    await advance(fan.email, monthly.trial_period! - 3 + 0.1);
    const reminder = await waitForMail(server.outbox, { to: fan.email, subject: 'ends in 3 days', after: before });
    expect(reminder.text).toContain(`charged ${usd(monthly.base_price)}`);
    await advance(fan.email, 3);
    expect((await order(fan.key, id)).transactions.map((t) => [t.label, t.amount])).toEqual([
      ['Free trial', 0],
      ['New subscription', monthly.base_price],
    ]);
    await advance(fan.email, 30);
    expect((await order(fan.key, id)).transactions.map((t) => t.label)).toEqual(['Free trial', 'New subscription', 'Subscription Renewal']);
  });

  it('a failed renewal keeps access while retries run, then the order expires', async () => {
    const fan = await acc.signUp();
    const id = await startTrial(fan, SANDBOX_CARDS.chargeFails);
    const before = Date.now();
    await advance(fan.email, monthly.trial_period! + 0.1);
    const pastDue = await order(fan.key, id);
    expect(pastDue).toMatchObject({ activity_status: 'active' });
    expect(pastDue.transactions.map((t) => [t.label, t.status])).toEqual([
      ['Free trial', 'paid'],
      ['New subscription', 'failed'],
    ]);
    expect((await waitForMail(server.outbox, { to: fan.email, subject: 'could not renew', after: before })).text).toContain('try again');
    expect((await shop.event(fan.key, (await paidEvent()).id)).json.data.has_access).toBe(true);

    await advance(fan.email, 7);
    const ended = await order(fan.key, id);
    expect(ended).toMatchObject({ activity_status: 'expired', auto_renew: false });
    expect(ended.transactions.filter((t) => t.status === 'failed')).toHaveLength(4);
    expect((await shop.event(fan.key, (await paidEvent()).id)).json.data.has_access).toBe(false);
  });

  it('cancelling the renewal keeps access to the end of the paid period, then ends it', async () => {
    const fan = await acc.signUp();
    const id = await subscribe(fan);
    const cancelled = await http.request('POST', '/stripe/unsubscribe', { body: { api_key: fan.key, order_id: id } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ auto_renew: false, activity_status: 'active' });
    const twice = await http.request('POST', '/stripe/unsubscribe', { body: { api_key: fan.key, order_id: id } });
    expect([twice.status, twice.json.message]).toEqual([409, ORDER_MSG.notRenewing]);
    await advance(fan.email, 29);
    expect((await order(fan.key, id)).activity_status).toBe('active');
    await advance(fan.email, 2);
    const over = await order(fan.key, id);
    expect(over).toMatchObject({ activity_status: 'canceled', auto_renew: false });
    expect(over.transactions).toHaveLength(1);
    expect((await shop.event(fan.key, (await paidEvent()).id)).json.data.has_access).toBe(false);
    const other = await acc.signUp();
    expect((await http.request('POST', '/stripe/unsubscribe', { body: { api_key: other.key, order_id: id } })).status).toBe(404);
  });

  it("the billing portal shows the fan's subscription and cancels or resumes its renewal", async () => {
    const fan = await acc.signUp();
    const id = await subscribe(fan);
    const { url } = (await acc.get('/stripe/customer-portal', { api_key: fan.key })).json.data;
    const path: string = url;
    expect(path).toMatch(/^\/sandbox\/portal\//);
    const page = await (await fetch(new URL(path, server.url))).text();
    expect(page).toContain(monthly.name);
    expect(page).toContain('Renews on');
    const form = (action: string) =>
      fetch(new URL(path, server.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action, subscription: subId }),
      });
    const subId = /name="subscription" value="([^"]+)"/.exec(page)![1];
    expect((await form('cancel')).status).toBe(303);
    expect((await order(fan.key, id)).auto_renew).toBe(false);
    expect((await form('resume')).status).toBe(303);
    expect((await order(fan.key, id)).auto_renew).toBe(true);
    expect((await fetch(new URL(`${path}x`, server.url))).status).toBe(404);
  });

  it('the test clock answers only the operator, and only well-formed requests', async () => {
    const fan = await acc.signUp();
    expect(
      (await http.request('POST', '/sandbox/clock', { body: { email: fan.email, advance_seconds: 60 }, headers: { 'x-forwarded-for': '203.0.113.9' } })).status,
    ).toBe(403);
    expect((await http.request('POST', '/sandbox/clock', { body: { email: fan.email, advance_seconds: -5 } })).status).toBe(400);
    expect((await http.request('POST', '/sandbox/clock', { body: { email: fan.email, advance_seconds: '60' } })).status).toBe(400);
    expect((await http.request('POST', '/sandbox/clock', { body: { email: 'nobody@example.test', advance_seconds: 60 } })).status).toBe(404);
    const [row] = await server.db.select().from(users).where(eq(users.email, fan.email));
    expect(row.trialPeriodUsed).toBe(false);
  });
});
