import { eq } from 'drizzle-orm';
import type { client, TestChannelApi } from './channel-api.ts';
import type { Db } from '../../../channel-api/db/client.ts';
import { apiKeys, userTokens, users } from '../../../channel-api/db/schema.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';
import { PASSWORD, registration, uniqueEmail } from '../../support/registration.ts';

/* Accounts the way a fan makes them: register, follow the mailed link, sign in. */

type Http = ReturnType<typeof client>;

export function accounts(server: TestChannelApi, http: Http) {
  const post = (path: string, body: Record<string, unknown>) => http.request('POST', path, { body });
  const get = (path: string, query: Record<string, string>) => http.request('GET', path, { query });

  /** Registers and answers the token of the verification link that was mailed. */
  async function register(email: string, extra: Record<string, unknown> = {}) {
    const after = Date.now();
    const res = await post('/v2/auth/register', { ...registration(email, extra), api_key: await http.apiKey() });
    if (res.status !== 200) throw new Error(`register: ${res.status} ${res.text}`);
    const mail = await waitForMail(server.outbox, { to: email, subject: 'Verify', after });
    return tokenFrom(mail, '/verify-email');
  }

  /** A registered, verified, signed-in fan: their api key and user. */
  async function signUp(email = uniqueEmail()) {
    const token = await register(email);
    const key = await http.apiKey();
    const verified = await post('/auth/email-verify', { token, api_key: key });
    if (verified.status !== 200) throw new Error(`email-verify: ${verified.status} ${verified.text}`);
    const session = await post('/auth/add_session', { code: verified.json.data.code, api_key: key });
    if (session.status !== 200) throw new Error(`add_session: ${session.status} ${session.text}`);
    return { email, key: session.json.data.api_key as string, user: session.json.data.user, visitorKey: key };
  }

  async function login(email: string, password = PASSWORD) {
    return post('/v2/auth/login', { email, password, api_key: await http.apiKey() });
  }

  return { post, get, register, signUp, login };
}

/** Moves every token of the user into the past: the same as waiting for them to expire. */
export async function expireTokens(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  await db
    .update(userTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(userTokens.userId, user.id));
}

export async function userRow(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function keysOf(db: Db, userId: number) {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
}
