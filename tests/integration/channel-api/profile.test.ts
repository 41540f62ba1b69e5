import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, MSG, SERVER_MSG } from '#contract';
import { clips, events, orders, transactions, users } from '../../../channel-api/db/schema.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';
import { PASSWORD, uniqueEmail } from '../../support/registration.ts';
import { keysOf, userRow } from '../support/accounts.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* The signed-in fan's own data: profile, edits, access, orders and clips — and nobody else's. */

const { server, http, acc } = apiForThisFile();

const patch = (key: string, changes: Record<string, unknown>) => acc.post('/profile', { _method: 'patch', ...changes, api_key: key });

describe(`profile (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers 401 Unauthenticated. to a visitor on every user-only endpoint', async () => {
    const key = await http.apiKey();
    const calls = [
      acc.get('/profile', { api_key: key }),
      acc.get('/user/access', { api_key: key }),
      acc.get('/orders', { api_key: key }),
      acc.get('/clips/user', { api_key: key }),
      patch(key, { first_name: 'Mallory' }),
      acc.post('/delete-account-confirm', { api_key: key }),
      acc.post('/auth/logout', { api_key: key }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(401);
      expect(res.json).toEqual({ code: 'unauthenticated', message: SERVER_MSG.unauthenticated });
    }
  });

  it('describes the user with the spec fields; is_geo_blocked follows the request address', async () => {
    const fan = await acc.signUp();
    const res = await acc.get('/profile', { api_key: fan.key });
    const user = api.profile.response.parse(res.json).data;
    expect(user).toEqual({
      id: fan.user.id,
      email: fan.email,
      first_name: 'Ann',
      last_name: 'Lee',
      trial_period_used: false,
      temporary_password: false,
      is_geo_blocked: false,
      capabilities: ['watch'],
      featureCount: { clips: 0, downloads: 0 },
      news_opt_in: false,
      email_verified: true,
      has_password: true,
      role: 'fan',
    });
    const blocked = await http.request('GET', '/profile', { query: { api_key: fan.key }, headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(blocked.json.data.is_geo_blocked).toBe(true);

    const access = await acc.get('/user/access', { api_key: fan.key });
    expect(api.userAccess.response.parse(access.json).data).toEqual({
      capabilities: ['watch'],
      featureCount: { clips: 0, downloads: 0 },
      trial_period_used: false,
      has_basic_pass: false,
    });
  });

  it('edits names and news opt-in; bad input gets the spec messages', async () => {
    const fan = await acc.signUp();
    const res = await patch(fan.key, { first_name: ' Bea ', last_name: 'Moss', news_opt_in: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ first_name: 'Bea', last_name: 'Moss', news_opt_in: true });
    const empty = await patch(fan.key, { first_name: '' });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.first_name).toContain(MSG.firstName);
    const long = await patch(fan.key, { last_name: 'x'.repeat(101) });
    expect(long.json.errors.last_name).toContain(MSG.shorter(101));
    const noMethod = await acc.post('/profile', { first_name: 'X', api_key: fan.key });
    expect(noMethod.status).toBe(400);
    const otherId = await patch(fan.key, { id: 1, first_name: 'X' });
    expect(otherId.status).toBe(400);
    expect(Object.keys(otherId.json.errors)).toContain('id');
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const fan = await acc.signUp();
    const other = (await acc.login(fan.email)).json.data.api_key as string;
    const missing = await patch(fan.key, { password: 'new password 1', password_confirmation: 'new password 1' });
    expect(missing.status).toBe(400);
    expect(missing.json.errors.current_password).toContain(MSG.required);
    const wrong = await patch(fan.key, { current_password: 'nope nope', password: 'new password 1', password_confirmation: 'new password 1' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.current_password).toContain(SERVER_MSG.wrongAuth);
    const mismatch = await patch(fan.key, { current_password: PASSWORD, password: 'new password 1', password_confirmation: 'new password 2' });
    expect(mismatch.json.errors.password_confirmation).toContain(MSG.passwordMismatch);

    const ok = await patch(fan.key, { current_password: PASSWORD, password: 'new password 1', password_confirmation: 'new password 1' });
    expect(ok.status, ok.text).toBe(200);
    expect((await acc.get('/profile', { api_key: fan.key })).status).toBe(200);
    expect((await acc.get('/profile', { api_key: other })).status).toBe(403);
    expect((await acc.login(fan.email, 'new password 1')).status).toBe(200);
  });

  it('replaces a temporary password without the old one and clears the flag', async () => {
    const fan = await acc.signUp();
    await server.db.update(users).set({ temporaryPassword: true }).where(eq(users.id, fan.user.id));
    expect((await acc.get('/profile', { api_key: fan.key })).json.data.temporary_password).toBe(true);
    const res = await patch(fan.key, { password: 'my own password', password_confirmation: 'my own password' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.temporary_password).toBe(false);
  });

  it('a new e-mail must be verified again; a taken one is refused', async () => {
    const fan = await acc.signUp();
    const taken = await acc.signUp();
    const refused = await patch(fan.key, { email: taken.email.toUpperCase() });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ code: 'email_taken', message: SERVER_MSG.emailTaken, errors: { email: [SERVER_MSG.emailTaken] } });

    const newEmail = uniqueEmail('moved');
    const after = Date.now();
    const res = await patch(fan.key, { email: newEmail });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ email: newEmail, email_verified: false });
    const mail = await waitForMail(server.outbox, { to: newEmail, subject: 'Verify', after });
    const verified = await acc.post('/auth/email-verify', { token: tokenFrom(mail, '/verify-email'), api_key: fan.key });
    expect(verified.status, verified.text).toBe(200);
    expect((await acc.get('/profile', { api_key: fan.key })).json.data.email_verified).toBe(true);
  });
});

describe("another user's data", () => {
  async function orderFor(fan: { email: string }, name: string, activity: 'active' | 'inactive' = 'active') {
    const user = await userRow(server.db, fan.email);
    const [order] = await server.db
      .insert(orders)
      .values({
        channelId: user.channelId,
        userId: user.id,
        type: 'package',
        product: { id: 1, name, event_category_id: null, participant_id: null },
        status: 'paid',
        activityStatus: activity,
        amountCents: 1999,
        currency: 'USD',
      })
      .returning();
    await server.db.insert(transactions).values({ orderId: order.id, status: 'paid', amountCents: 1999, currency: 'USD' });
    return order;
  }

  it("lists only the caller's orders, with their transactions", async () => {
    const a = await acc.signUp();
    const b = await acc.signUp();
    await orderFor(a, 'Season pass A');
    await orderFor(a, 'Old pass A', 'inactive');
    await orderFor(b, 'Season pass B');

    const res = await acc.get('/orders', { api_key: a.key, no_limit: '1' });
    const body = api.orders.response.parse(res.json);
    expect(body.data.map((o) => o.product.name).sort()).toEqual(['Old pass A', 'Season pass A']);
    expect(body.meta.total).toBe(2);
    // The stored cents as they are (ADR 043): $19.99.
    expect(body.data[0].transactions).toEqual([expect.objectContaining({ status: 'paid', amount: 1999, currency: 'USD' })]);
    const active = await acc.get('/orders', { api_key: a.key, activity_status: 'active', limit: '5' });
    expect(active.json.data.map((o: { product: { name: string } }) => o.product.name)).toEqual(['Season pass A']);
    const bOrders = await acc.get('/orders', { api_key: b.key });
    expect(bOrders.json.data.map((o: { product: { name: string } }) => o.product.name)).toEqual(['Season pass B']);
    const badLimit = await acc.get('/orders', { api_key: a.key, limit: '0' });
    expect(badLimit.status).toBe(400);
  });

  it("lists only the caller's clips, newest first, with the event's name", async () => {
    const a = await acc.signUp();
    const b = await acc.signUp();
    const [event] = await server.db.select().from(events).limit(1);
    await server.db.insert(clips).values([
      { userId: a.user.id, eventId: event.id, name: 'First goal', startTime: 10, duration: 20, tags: ['goal'], createdAt: new Date(Date.now() - 60_000) },
      { userId: a.user.id, eventId: event.id, name: 'Save', startTime: 40, duration: 15, tags: ['save'], status: 'processed' },
      { userId: b.user.id, eventId: event.id, name: 'B only', startTime: 5, duration: 5, tags: ['x'] },
    ]);
    const res = await acc.get('/clips/user', { api_key: a.key });
    const list = api.clipsUser.response.parse(res.json).data;
    expect(list.map((c) => c.name)).toEqual(['Save', 'First goal']);
    expect(list[0]).toMatchObject({ event_id: event.id, event_name: event.name, status: 'processed', tags: ['save'] });
    expect((await acc.get('/clips/user', { api_key: b.key })).json.data.map((c: { name: string }) => c.name)).toEqual(['B only']);
  });

  it("user A's key reads and edits A only", async () => {
    const a = await acc.signUp();
    const b = await acc.signUp();
    const edit = await patch(a.key, { first_name: 'Changed' });
    expect(edit.json.data.id).toBe(a.user.id);
    expect((await acc.get('/profile', { api_key: b.key })).json.data.first_name).toBe('Ann');
    expect((await keysOf(server.db, b.user.id)).length).toBe(1);
  });
});
