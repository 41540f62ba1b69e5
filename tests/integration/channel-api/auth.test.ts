import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, MSG, SERVER_MSG } from '#contract';
import { users } from '../../../channel-api/db/schema.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';
import { PASSWORD, registration, uniqueEmail } from '../../support/registration.ts';
import { expireTokens, keysOf, userRow } from '../support/accounts.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* Register → mail → verify → session code → sign in → sign out, and password reset, against the
 * real server. Expired links are made by moving their expiry into the past in the database. */

const PUBLIC_URL = 'http://fieldhouse.test:3300';
let channelName: string;
const { server, http, acc } = apiForThisFile({ publicUrl: PUBLIC_URL }, async ({ http }) => {
  channelName = (await http.request('GET', '/channels/demo.json')).json.name;
});

const errorsOf = (res: { json: { errors?: Record<string, string[]> } }) => res.json.errors ?? {};

describe(`registration (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('mails a verification link (channel name in the subject, the full link in both parts) and does not sign in', async () => {
    const email = uniqueEmail();
    const after = Date.now();
    const res = await acc.post('/v2/auth/register', { ...registration(email), api_key: await http.apiKey() });
    expect(res.status, res.text).toBe(200);
    expect(api.register.response.parse(res.json).data.email).toBe(email);
    expect(JSON.stringify(res.json)).not.toContain('api_key');
    const mail = await waitForMail(server.outbox, { to: email, after });
    expect(mail.subject).toBe(`Verify your email address for ${channelName}`);
    const link = `${PUBLIC_URL}/verify-email?token=${tokenFrom(mail, '/verify-email')}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('<html lang="en">');
    const row = await userRow(server.db, email);
    expect(row.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.emailVerifiedAt).toBeNull();
  });

  it('answers bad input with the spec messages per field', async () => {
    const key = await http.apiKey();
    const bad = async (body: Record<string, unknown>) => acc.post('/v2/auth/register', { ...body, api_key: key });
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...registration(email), first_name: ' ' }, 'first_name', MSG.firstName],
      [{ ...registration(email), last_name: undefined }, 'last_name', MSG.lastName],
      [{ ...registration(email), email: '' }, 'email', MSG.email],
      [{ ...registration(email), email: 'not-an-address' }, 'email', MSG.emailInvalid],
      [{ ...registration(email), password: 'short', password_confirmation: 'short' }, 'password', MSG.passwordShort],
      [{ ...registration(email), password_confirmation: 'something else' }, 'password_confirmation', MSG.passwordMismatch],
      [{ ...registration(email), terms: false }, 'terms', MSG.terms],
      [{ ...registration(email), terms: 'yes' }, 'terms', MSG.terms],
    ];
    for (const [body, field, message] of cases) {
      const res = await bad(body);
      expect(res.status, res.text).toBe(400);
      expect(errorsOf(res)[field], res.text).toContain(message);
    }
    expect((await bad({ ...registration(email), first_name: { $ne: 1 } })).status).toBe(400);
    expect(await userRow(server.db, email)).toBeUndefined();
  });

  it('accepts a numeric e-mail login name', async () => {
    const email = `2023${Date.now() % 100000}@lakeshore.edu`;
    const res = await acc.post('/v2/auth/register', { ...registration(email), api_key: await http.apiKey() });
    expect(res.status, res.text).toBe(200);
  });

  it('refuses an address already registered, in any letter case', async () => {
    const email = uniqueEmail();
    await acc.register(email);
    const res = await acc.post('/v2/auth/register', { ...registration(email.toUpperCase()), api_key: await http.apiKey() });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ code: 'email_taken', message: SERVER_MSG.emailTaken, errors: { email: [SERVER_MSG.emailTaken] } });
  });

  it('refuses a signed-in caller', async () => {
    const fan = await acc.signUp();
    const res = await acc.post('/v2/auth/register', { ...registration(uniqueEmail()), api_key: fan.key });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(SERVER_MSG.alreadyLoggedIn);
  });
});

describe('verification link and session code', () => {
  it('verifies once, answers a code that signs in once, and a replayed link says already verified', async () => {
    const email = uniqueEmail();
    const token = await acc.register(email);
    const key = await http.apiKey();
    const verified = await acc.post('/auth/email-verify', { token, api_key: key });
    expect(verified.status, verified.text).toBe(200);
    const { code } = api.emailVerify.response.parse(verified.json).data;
    expect((await userRow(server.db, email)).emailVerifiedAt).not.toBeNull();

    const replay = await acc.post('/auth/email-verify', { token, api_key: key });
    expect(replay.status).toBe(400);
    expect(replay.json.message).toBe(SERVER_MSG.alreadyVerified);

    const session = await acc.post('/auth/add_session', { code, api_key: key });
    expect(session.status, session.text).toBe(200);
    const data = api.addSession.response.parse(session.json).data;
    expect(data.api_key).not.toBe(key);
    expect(data.user).toMatchObject({ email, email_verified: true, has_password: true, temporary_password: false, capabilities: ['watch'] });
    const again = await acc.post('/auth/add_session', { code, api_key: key });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(SERVER_MSG.verificationFailed);
  });

  it('refuses an unknown or expired link with Verification failed.', async () => {
    const unknown = await acc.post('/auth/email-verify', { token: 'x'.repeat(43), api_key: await http.apiKey() });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ code: 'verification_failed', message: SERVER_MSG.verificationFailed, errors: { token: [SERVER_MSG.verificationFailed] } });

    const email = uniqueEmail();
    const token = await acc.register(email);
    await expireTokens(server.db, email);
    const expired = await acc.post('/auth/email-verify', { token, api_key: await http.apiKey() });
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe(SERVER_MSG.verificationFailed);
    expect((await userRow(server.db, email)).emailVerifiedAt).toBeNull();
  });

  it('refuses an expired session code', async () => {
    const email = uniqueEmail();
    const token = await acc.register(email);
    const verified = await acc.post('/auth/email-verify', { token, api_key: await http.apiKey() });
    await expireTokens(server.db, email);
    const res = await acc.post('/auth/add_session', { code: verified.json.data.code, api_key: await http.apiKey() });
    expect(res.status).toBe(400);
  });
});

describe('login and logout', () => {
  it('signs a verified fan in with a new key bound to them (any letter case of the address)', async () => {
    const fan = await acc.signUp();
    const res = await acc.login(fan.email.toUpperCase());
    expect(res.status, res.text).toBe(200);
    const session = api.login.response.parse(res.json).data;
    expect(session.user.email).toBe(fan.email);
    const ttl = Date.parse(session.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(29 * 86_400_000);
    const profile = await acc.get('/profile', { api_key: session.api_key });
    expect(profile.status).toBe(200);
    expect(profile.json.data.email).toBe(fan.email);
  });

  it('refuses a wrong password and an unknown address with Wrong auth data', async () => {
    const fan = await acc.signUp();
    for (const res of [await acc.login(fan.email, 'wrong password'), await acc.login(uniqueEmail(), PASSWORD)]) {
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ code: 'wrong_credentials', message: SERVER_MSG.wrongAuth });
    }
  });

  it('answers bad input with 400 and the spec messages', async () => {
    const key = await http.apiKey();
    const noEmail = await acc.post('/v2/auth/login', { password: 'x', api_key: key });
    expect(noEmail.status).toBe(400);
    expect(errorsOf(noEmail).email).toContain(MSG.email);
    const noPassword = await acc.post('/v2/auth/login', { email: 'a@b.co', password: '', api_key: key });
    expect(errorsOf(noPassword).password).toContain(MSG.required);
    const notJson = await http.request('POST', '/v2/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('refuses an unverified address and mails a new link', async () => {
    const email = uniqueEmail();
    await acc.register(email);
    const after = Date.now();
    const res = await acc.login(email);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ code: 'not_verified', message: SERVER_MSG.notVerified, errors: { email: [SERVER_MSG.notVerified] } });
    const mail = await waitForMail(server.outbox, { to: email, subject: 'Verify', after });
    const verified = await acc.post('/auth/email-verify', { token: tokenFrom(mail, '/verify-email'), api_key: await http.apiKey() });
    expect(verified.status).toBe(200);
  });

  it('refuses a signed-in caller with You are already logged in', async () => {
    const fan = await acc.signUp();
    const res = await acc.post('/v2/auth/login', { email: fan.email, password: PASSWORD, api_key: fan.key });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(SERVER_MSG.alreadyLoggedIn);
  });

  it('logout kills the key it was called with; a visitor cannot log out', async () => {
    const fan = await acc.signUp();
    const other = (await acc.login(fan.email)).json.data.api_key as string;
    const res = await acc.post('/auth/logout', { api_key: fan.key });
    expect(res.status, res.text).toBe(200);
    expect((await acc.get('/profile', { api_key: fan.key })).status).toBe(403);
    expect((await acc.get('/profile', { api_key: other })).status).toBe(200);

    const visitor = await acc.post('/auth/logout', { api_key: await http.apiKey() });
    expect(visitor.status).toBe(401);
    expect(visitor.json).toEqual({ code: 'unauthenticated', message: SERVER_MSG.unauthenticated });
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const after = Date.now();
    const res = await acc.post('/auth/password-reset-request', { email, api_key: await http.apiKey() });
    expect(res.status, res.text).toBe(200);
    const mail = await waitForMail(server.outbox, { to: email, subject: 'Reset', after });
    expect(mail.subject).toBe(`Reset your ${channelName} password`);
    expect(mail.text).toContain(`${PUBLIC_URL}/password-reset?token=`);
    return tokenFrom(mail, '/password-reset');
  }
  const reset = async (token: string, password = 'a brand new password') =>
    acc.post('/auth/password-reset', { token, password, password_confirmation: password, api_key: await http.apiKey() });

  it('sets the new password once, ends every session and clears a temporary password', async () => {
    const fan = await acc.signUp();
    await server.db.update(users).set({ temporaryPassword: true }).where(eq(users.email, fan.email));
    const token = await requestReset(fan.email);
    const res = await reset(token);
    expect(res.status, res.text).toBe(200);
    expect((await acc.get('/profile', { api_key: fan.key })).status).toBe(403);
    expect(await keysOf(server.db, fan.user.id)).toEqual([]);
    expect((await acc.login(fan.email)).status).toBe(422);
    const signedIn = await acc.login(fan.email, 'a brand new password');
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.user.temporary_password).toBe(false);

    const replay = await reset(token, 'yet another password');
    expect(replay.status).toBe(400);
    expect(replay.json.message).toBe(SERVER_MSG.resetFailed);
  });

  it('refuses an expired key, an unknown key and mismatched passwords', async () => {
    const fan = await acc.signUp();
    const token = await requestReset(fan.email);
    const mismatch = await acc.post('/auth/password-reset', {
      token,
      password: 'long enough 1',
      password_confirmation: 'long enough 2',
      api_key: await http.apiKey(),
    });
    expect(mismatch.status).toBe(400);
    expect(errorsOf(mismatch).password_confirmation).toContain(MSG.passwordMismatch);
    const short = await acc.post('/auth/password-reset', { token, password: 'short', password_confirmation: 'short', api_key: await http.apiKey() });
    expect(errorsOf(short).password).toContain(MSG.passwordShort);

    await expireTokens(server.db, fan.email);
    const expired = await reset(token);
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual({ code: 'reset_expired', message: SERVER_MSG.resetExpired, errors: { token: [SERVER_MSG.resetExpired] } });
    expect((await acc.login(fan.email)).status).toBe(200);

    const unknown = await reset('u'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe(SERVER_MSG.resetFailed);
  });

  it('answers User not found. for an address without an account', async () => {
    const res = await acc.post('/auth/password-reset-request', { email: uniqueEmail(), api_key: await http.apiKey() });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 'user_not_found', message: SERVER_MSG.userNotFound, errors: { email: [SERVER_MSG.userNotFound] } });
    const bad = await acc.post('/auth/password-reset-request', { email: 'nope', api_key: await http.apiKey() });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad).email).toContain(MSG.emailInvalid);
  });
});
