import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, SERVER_MSG } from '#contract';
import { apiKeys, clips, events, follows, orders, transactions, userIdentities, users, userTokens } from '../../../channel-api/db/schema.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';
import { PASSWORD } from '../../support/registration.ts';
import { expireTokens } from '../support/accounts.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* Account deletion: asked for when signed in, confirmed by the mailed link. Orders stay for
 * accounting, detached; everything else of the fan goes. */

const PUBLIC_URL = 'http://fieldhouse.test:3300';
const { server, http, acc } = apiForThisFile({ publicUrl: PUBLIC_URL });

async function fanWithRecords() {
  const fan = await acc.signUp();
  const db = server.db;
  const [event] = await db.select().from(events).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      channelId: event.channelId,
      userId: fan.user.id,
      type: 'event',
      product: { id: event.id, name: event.name, event_category_id: null, participant_id: null },
      status: 'paid',
      activityStatus: 'active',
      amountCents: 500,
      currency: 'USD',
    })
    .returning();
  await db.insert(transactions).values({ orderId: order.id, status: 'paid', amountCents: 500, currency: 'USD' });
  await db.insert(follows).values({ userId: fan.user.id, favoritableType: 'event_category', favoritableId: 1 });
  await db.insert(clips).values({ userId: fan.user.id, eventId: event.id, name: 'Mine', startTime: 0, duration: 10, tags: ['goal'] });
  await db.insert(userIdentities).values({ channelId: event.channelId, userId: fan.user.id, provider: 'google', subject: `sub-${fan.user.id}` });
  return { ...fan, orderId: order.id };
}

async function askForDeletion(key: string, email: string) {
  const after = Date.now();
  const res = await acc.post('/delete-account-confirm', { api_key: key });
  expect(res.status, res.text).toBe(200);
  const mail = await waitForMail(server.outbox, { to: email, subject: 'deletion', after });
  expect(mail.text).toContain(`${PUBLIC_URL}/confirm-account-deletion?token=`);
  return tokenFrom(mail, '/confirm-account-deletion');
}

describe(`account deletion (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('mails a link; the public info call shows the masked address; confirming deletes everything but the orders', async () => {
    const fan = await fanWithRecords();
    const bystander = await fanWithRecords();
    const token = await askForDeletion(fan.key, fan.email);
    expect((await server.db.select().from(users).where(eq(users.id, fan.user.id))).length).toBe(1);

    const info = await acc.get('/delete-account-confirm', { token });
    expect(info.status, info.text).toBe(200);
    const data = api.deleteAccountInfo.response.parse(info.json).data;
    expect(data.email).toBe(`${fan.email.slice(0, 2)}***@example.test`);
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);

    // Confirmed from another browser: a visitor's key and the token.
    const res = await acc.post('/delete-account-confirm', { token, api_key: await http.apiKey() });
    expect(res.status, res.text).toBe(200);

    const db = server.db;
    expect(await db.select().from(users).where(eq(users.id, fan.user.id))).toEqual([]);
    expect(await db.select().from(follows).where(eq(follows.userId, fan.user.id))).toEqual([]);
    expect(await db.select().from(clips).where(eq(clips.userId, fan.user.id))).toEqual([]);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, fan.user.id))).toEqual([]);
    expect(await db.select().from(userTokens).where(eq(userTokens.userId, fan.user.id))).toEqual([]);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, fan.user.id))).toEqual([]);
    const [kept] = await db.select().from(orders).where(eq(orders.id, fan.orderId));
    expect(kept).toMatchObject({ userId: null, amountCents: 500, status: 'paid' });
    expect((await db.select().from(transactions).where(eq(transactions.orderId, fan.orderId))).length).toBe(1);

    expect((await acc.get('/profile', { api_key: fan.key })).status).toBe(403);
    expect((await acc.login(fan.email, PASSWORD)).json.message).toBe(SERVER_MSG.wrongAuth);

    // The other fan is untouched.
    expect((await acc.get('/profile', { api_key: bystander.key })).status).toBe(200);
    expect((await acc.get('/clips/user', { api_key: bystander.key })).json.data).toHaveLength(1);
    expect((await acc.get('/orders', { api_key: bystander.key })).json.data).toHaveLength(1);

    const replay = await acc.post('/delete-account-confirm', { token, api_key: await http.apiKey() });
    expect(replay.status).toBe(400);
    expect((await acc.get('/delete-account-confirm', { token })).status).toBe(400);
  });

  it('refuses an expired or unknown link and deletes nothing', async () => {
    const fan = await fanWithRecords();
    const token = await askForDeletion(fan.key, fan.email);
    await expireTokens(server.db, fan.email);
    const info = await acc.get('/delete-account-confirm', { token });
    expect(info.status).toBe(400);
    expect(info.json).toEqual({ code: 'verification_failed', message: SERVER_MSG.verificationFailed, errors: { token: [SERVER_MSG.verificationFailed] } });
    const res = await acc.post('/delete-account-confirm', { token, api_key: await http.apiKey() });
    expect(res.status).toBe(400);
    expect((await acc.post('/delete-account-confirm', { token: 'z'.repeat(43), api_key: await http.apiKey() })).status).toBe(400);
    expect((await acc.get('/profile', { api_key: fan.key })).status).toBe(200);
    expect((await acc.get('/clips/user', { api_key: fan.key })).json.data).toHaveLength(1);
  });

  it("a deletion link works for its own account only: B's link deletes B, never the caller A", async () => {
    const a = await fanWithRecords();
    const b = await fanWithRecords();
    const token = await askForDeletion(b.key, b.email);
    const res = await acc.post('/delete-account-confirm', { token, api_key: a.key });
    expect(res.status).toBe(200);
    expect((await acc.get('/profile', { api_key: a.key })).status).toBe(200);
    expect((await acc.get('/profile', { api_key: b.key })).status).toBe(403);
  });

  it('answers bad input with 400', async () => {
    const missing = await acc.get('/delete-account-confirm', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.errors)).toContain('token');
    const short = await acc.get('/delete-account-confirm', { token: 'abc' });
    expect(short.status).toBe(400);
  });
});
