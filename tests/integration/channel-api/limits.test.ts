import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, ORDER_MSG, type Package, type Subscription } from '#contract';
import { accountMemory, channels, coupons, purchases, sandboxSessions, users } from '../../../channel-api/db/schema.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';
import { uniqueEmail } from '../../support/registration.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, idempotencyKey, shopForThisFile } from '../support/commerce.ts';

/* Limits that hold at payment (issue 21, ADR 027): a checkout holds its promotion code's use, the
   fan's free trial and their first purchase from the moment it is made until it is paid or ends
   unpaid. Many checkouts at once, by one fan or by many, or one after another, pay for no more than
   the limits allow; an expired or replaced checkout gives back what it held; a deleted account's
   address does not get a second trial or a second first purchase. */

const PUBLIC_URL = 'http://fieldhouse.test';
const PARALLEL = 10;

let teamPass: Package;
let subs: Subscription[];

const shopping = shopForThisFile({ publicUrl: PUBLIC_URL }, async ({ shop, http }) => {
  const { packages } = await shop.catalogue();
  teamPass = packages.find((p) => p.is_team_pass)!;
  subs = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data;
});

async function addCoupon(c: Partial<typeof coupons.$inferInsert>) {
  const [channel] = await shopping.server.db.select().from(channels);
  const code = `LIMIT${randomBytes(3).toString('hex').toUpperCase()}`;
  const [row] = await shopping.server.db
    .insert(coupons)
    .values({ percentOff: 50, ...c, code, channelId: channel.id })
    .returning();
  return row;
}
const couponRow = async (id: number) => (await shopping.server.db.select().from(coupons).where(eq(coupons.id, id)))[0];

/** A purchase of one team of the team pass (each team is its own product choice, the same product key). */
const buyTeam = (key: string, team: number, code?: string, extra: Record<string, unknown> = {}) =>
  shopping.shop.buyBundle(key, { package_id: teamPass.id, participant_ids: [team], ...(code ? { promotion_code: code } : {}), ...extra });

/** Pays every checkout that was started; the number actually paid. */
async function payAll(started: { status: number; json: { data?: { redirect_url: string } } }[]): Promise<number> {
  const paid = await Promise.all(
    started.filter((s) => s.status === 200).map(async (s) => (await shopping.shop.pay(s.json.data!.redirect_url, CARD.ok)).status === 303),
  );
  return paid.filter(Boolean).length;
}

const paidWith = async (couponId: number) =>
  Number(
    (
      await shopping.server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(purchases)
        .where(sql`${purchases.couponId} = ${couponId} AND ${purchases.status} = 'paid'`)
    )[0].n,
  );

describe(`promotion code limits hold at payment (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`a one-use code: ${PARALLEL} checkouts at once by one fan pay for one`, async () => {
    const code = await addCoupon({ maxRedemptions: 1 });
    const fan = await shopping.acc.signUp();
    const started = await Promise.all(teamPass.participants.slice(0, PARALLEL).map((team) => buyTeam(fan.key, team, code.code)));
    for (const s of started) expect([200, 400], s.text).toContain(s.status);
    expect(started.some((s) => s.status === 200)).toBe(true);
    expect(await payAll(started)).toBe(1);
    expect(await paidWith(code.id)).toBe(1);
    expect((await couponRow(code.id)).timesRedeemed).toBe(1);
  });

  it(`a one-use code: ${PARALLEL} fans at once, then one after another, pay for one`, async () => {
    const code = await addCoupon({ maxRedemptions: 1 });
    const fans = await Promise.all(Array.from({ length: PARALLEL }, () => shopping.acc.signUp()));
    const started = await Promise.all(fans.map((fan, i) => buyTeam(fan.key, teamPass.participants[i % teamPass.participants.length], code.code)));
    expect(started.filter((s) => s.status === 200)).toHaveLength(1);
    for (const s of started.filter((r) => r.status !== 200)) expect(s.json).toMatchObject({ message: ORDER_MSG.wrongPromoCode });
    expect(await payAll(started)).toBe(1);
    const late = await buyTeam((await shopping.acc.signUp()).key, teamPass.participants[0], code.code);
    expect(late.json).toMatchObject({ message: ORDER_MSG.wrongPromoCode });
    expect((await couponRow(code.id)).timesRedeemed).toBe(1);
  });

  it('one fan, one checkout after another (other products each time): each replaces the last, so one can be paid', async () => {
    const code = await addCoupon({ maxRedemptions: 1 });
    const fan = await shopping.acc.signUp();
    const [first, second] = [await shopping.shop.paidEvent(0), await shopping.shop.paidEvent(1)];
    const started = [];
    for (const buy of [
      () => buyTeam(fan.key, teamPass.participants[0], code.code),
      () => shopping.shop.buy(fan.key, { event_id: first.event.id, package_id: first.ticket.id, promotion_code: code.code }),
      () => shopping.shop.buy(fan.key, { event_id: second.event.id, package_id: second.ticket.id, promotion_code: code.code }),
    ])
      started.push(await buy());
    expect(started.map((s) => s.status)).toEqual([200, 200, 200]);
    // The older checkouts were ended: only the last one's page takes the card.
    const paid = await Promise.all(started.map(async (s) => (await shopping.shop.pay(s.json.data.redirect_url, CARD.ok)).status));
    expect(paid.map((status) => status === 303)).toEqual([false, false, true]);
    expect(await paidWith(code.id)).toBe(1);
  });

  it('uses per fan: a fan pays for one, however many checkouts; another fan still may', async () => {
    const code = await addCoupon({ maxRedemptionsPerUser: 1 });
    const fan = await shopping.acc.signUp();
    const [spare, ...teams] = [...teamPass.participants].reverse();
    const started = await Promise.all(teams.slice(0, PARALLEL).map((team) => buyTeam(fan.key, team, code.code)));
    expect(await payAll(started)).toBe(1);
    expect((await buyTeam(fan.key, spare, code.code)).json).toMatchObject({ message: ORDER_MSG.wrongPromoCode });
    const other = await shopping.acc.signUp();
    expect(await payAll([await buyTeam(other.key, spare, code.code)])).toBe(1);
    expect(await paidWith(code.id)).toBe(2);
  });

  it('first purchase only: three checkouts, one a gift, pay for one; then the code is refused', async () => {
    const code = await addCoupon({ firstPurchaseOnly: true, percentOff: 10 });
    const fan = await shopping.acc.signUp();
    const { event, ticket } = await shopping.shop.paidEvent();
    const [season] = (await shopping.shop.catalogue()).packages.filter((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass);
    const started = await Promise.all([
      buyTeam(fan.key, teamPass.participants[0], code.code),
      shopping.shop.buy(fan.key, { event_id: event.id, package_id: ticket.id, promotion_code: code.code }),
      shopping.shop.buyBundle(fan.key, {
        package_id: season.id,
        event_category_ids: [season.event_categories[0]],
        gift_email: uniqueEmail('giftee'),
        promotion_code: code.code,
      }),
    ]);
    expect(await payAll(started)).toBe(1);
    expect((await buyTeam(fan.key, teamPass.participants[1], code.code)).json).toMatchObject({ message: ORDER_MSG.wrongPromoCode });
    expect(await paidWith(code.id)).toBe(1);
  });

  it('an expired checkout gives its use back: another fan may hold it, the old page cannot be paid', async () => {
    const code = await addCoupon({ maxRedemptions: 1 });
    const first = await buyTeam((await shopping.acc.signUp()).key, teamPass.participants[0], code.code);
    expect(first.status).toBe(200);
    const second = await shopping.acc.signUp();
    expect((await buyTeam(second.key, teamPass.participants[0], code.code)).json).toMatchObject({ message: ORDER_MSG.wrongPromoCode });
    // An hour later: the checkout (ours and the provider's page) has expired.
    const past = new Date(Date.now() - 1000);
    const [held] = await shopping.server.db.update(purchases).set({ expiresAt: past }).where(eq(purchases.couponId, code.id)).returning();
    await shopping.server.db.update(sandboxSessions).set({ expiresAt: past }).where(eq(sandboxSessions.id, held.sessionId!));
    const retaken = await buyTeam(second.key, teamPass.participants[0], code.code);
    expect(retaken.status, retaken.text).toBe(200);
    expect(await payAll([first, retaken])).toBe(1);
    expect((await couponRow(code.id)).timesRedeemed).toBe(1);
  });

  it('a replaced checkout gives its use back (the fan starts the same purchase again without the code)', async () => {
    const code = await addCoupon({ maxRedemptions: 1 });
    const fan = await shopping.acc.signUp();
    expect((await buyTeam(fan.key, teamPass.participants[0], code.code)).status).toBe(200);
    expect((await buyTeam(fan.key, teamPass.participants[0])).status).toBe(200);
    const other = await shopping.acc.signUp();
    expect(await payAll([await buyTeam(other.key, teamPass.participants[0], code.code)])).toBe(1);
  });
});

describe(`one free trial per fan, across subscriptions (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const startTrial = (key: string, sub: Subscription) =>
    shopping.http.request('POST', '/stripe/subscription/start_trial', { body: { api_key: key, subscription_id: sub.id, idempotency_key: idempotencyKey() } });
  const trialsPaid = async (userId: number) =>
    Number(
      (
        await shopping.server.db
          .select({ n: sql<number>`count(*)::int` })
          .from(purchases)
          .where(sql`${purchases.userId} = ${userId} AND ${purchases.trialDays} IS NOT NULL AND ${purchases.status} = 'paid'`)
      )[0].n,
    );

  it(`${PARALLEL} trial checkouts at once, of both subscriptions, start one trial`, async () => {
    const fan = await shopping.acc.signUp();
    const started = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => startTrial(fan.key, subs[i % subs.length])));
    for (const s of started) expect([200, 409], s.text).toContain(s.status);
    expect(await payAll(started)).toBe(1);
    expect(await trialsPaid(fan.user.id)).toBe(1);
    expect((await startTrial(fan.key, subs[0])).json).toMatchObject({ message: ORDER_MSG.trialUsed });
  });

  it('one trial, then the other subscription’s: the first checkout gives way, both cannot be paid', async () => {
    const fan = await shopping.acc.signUp();
    const monthly = await startTrial(fan.key, subs[0]);
    const annual = await startTrial(fan.key, subs[1]);
    expect([monthly.status, annual.status]).toEqual([200, 200]);
    expect(await payAll([monthly, annual])).toBe(1);
    expect(await trialsPaid(fan.user.id)).toBe(1);
  });
});

describe(`a deleted account's address (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  async function deleteAccount(fan: { key: string; email: string }) {
    const after = Date.now();
    expect((await shopping.acc.post('/delete-account-confirm', { api_key: fan.key })).status).toBe(200);
    const token = tokenFrom(await waitForMail(shopping.server.outbox, { to: fan.email, subject: 'deletion', after }), '/confirm-account-deletion');
    expect((await shopping.acc.post('/delete-account-confirm', { token, api_key: await shopping.http.apiKey() })).status).toBe(200);
  }
  const profile = async (key: string) => (await shopping.http.request('GET', '/profile', { query: { api_key: key } })).json.data;

  it('registered again gets no second trial and no second first purchase; only a keyed hash is kept', async () => {
    const welcome = await addCoupon({ firstPurchaseOnly: true, percentOff: 10 });
    const email = uniqueEmail('returning');
    const fan = await shopping.acc.signUp(email);
    const trial = await shopping.http.request('POST', '/stripe/subscription/start_trial', {
      body: { api_key: fan.key, subscription_id: subs[0].id, idempotency_key: idempotencyKey() },
    });
    expect(await payAll([trial])).toBe(1);
    await deleteAccount(fan);

    const memory = await shopping.server.db.select().from(accountMemory);
    expect(JSON.stringify(memory)).not.toContain(email.split('@')[0]);
    expect(memory.some((m) => m.trialUsed && m.purchased)).toBe(true);

    // The same mailbox, written another way, is the same address.
    const [local, domain] = email.split('@');
    const again = await shopping.acc.signUp(`${local.toUpperCase()}+again@${domain}`);
    expect(await profile(again.key)).toMatchObject({ trial_period_used: true });
    const trialAgain = await shopping.http.request('POST', '/stripe/subscription/start_trial', {
      body: { api_key: again.key, subscription_id: subs[1].id, idempotency_key: idempotencyKey() },
    });
    expect(trialAgain.json).toMatchObject({ message: ORDER_MSG.trialUsed });
    expect((await buyTeam(again.key, teamPass.participants[0], welcome.code)).json).toMatchObject({ message: ORDER_MSG.wrongPromoCode });
    // A fresh address is a fresh fan.
    const stranger = await shopping.acc.signUp();
    expect(await profile(stranger.key)).toMatchObject({ trial_period_used: false });
  });

  it('an account that moves to another address leaves its spent trial with the old one', async () => {
    const email = uniqueEmail('mover');
    const fan = await shopping.acc.signUp(email);
    await shopping.server.db.update(users).set({ trialPeriodUsed: true }).where(eq(users.id, fan.user.id));
    const moved = await shopping.http.request('POST', '/profile', { body: { api_key: fan.key, _method: 'patch', email: uniqueEmail('moved') } });
    expect(moved.status, moved.text).toBe(200);
    const newcomer = await shopping.acc.signUp(email);
    expect(await profile(newcomer.key)).toMatchObject({ trial_period_used: true });
  });
});
