/* Accounts for e2e specs, made through the real channel API: register, read the mailed link,
   verify. `signIn` is the CONVENTIONS login fixture: it logs in over the channel API and sets the
   same encrypted session cookie the web server would (the login UI has its own tests). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { newApiKey } from './channel.ts';
import { CHANNEL_API_URL, WEB_URL } from './urls.ts';
import { tokenFrom, waitForMail, type Mail, type MailQuery } from '../../support/outbox.ts';
import { uniqueEmail } from '../../support/registration.ts';

/** Where the e2e channel API writes mail (playwright.config.ts DATA_DIR + /outbox). */
export const OUTBOX = path.resolve('.cache/e2e-data/outbox');
/** The web server's SESSION_SECRET in playwright.config.ts. */
export const E2E_SESSION_SECRET = 'e2e-session-secret';
/** Written by the setup project (temporary-users.setup.ts). */
export const TEMPORARY_USERS_FILE = path.resolve('.cache/e2e-data/temporary-users.json');

export interface TestUser {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

async function post<T>(pathname: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${CHANNEL_API_URL}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, api_key: await newApiKey() }),
  });
  if (!res.ok) throw new Error(`POST ${pathname} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function latestMail(q: MailQuery): Promise<Mail> {
  return waitForMail(OUTBOX, q);
}

/** A registered fan who has not opened the verification mail yet. */
export async function createUnverifiedUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    email: overrides.email ?? uniqueEmail('fan'),
    password: overrides.password ?? `Pw-${crypto.randomBytes(6).toString('hex')}`,
    first_name: overrides.first_name ?? 'Jordan',
    last_name: overrides.last_name ?? 'Rivers',
  };
  await post('/v2/auth/register', { ...user, password_confirmation: user.password, terms: true });
  return user;
}

/** A registered, verified fan (not signed in anywhere). */
export async function createVerifiedUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const since = Date.now();
  const user = await createUnverifiedUser(overrides);
  const mail = await latestMail({ to: user.email, after: since });
  await post('/auth/email-verify', { token: tokenFrom(mail, '/verify-email') });
  return user;
}

/** The encrypted session cookie of `user`, signed in over the channel API, as the web
 *  server would set it; and the api key it holds (the fan's session at the channel). */
export async function sessionCookieFor(user: Pick<TestUser, 'email' | 'password'>): Promise<{ name: string; value: string; apiKey: string }> {
  const { data } = await post<{
    data: { api_key: string; expires_at: string; user: { id: number; email: string; first_name: string; last_name: string; temporary_password: boolean } };
  }>('/v2/auth/login', { email: user.email, password: user.password });
  process.env.SESSION_SECRET ??= E2E_SESSION_SECRET;
  const { getSession, commitSession, toSessionUser } = await import('../../../app/http/session-cookie.server.ts');
  const session = await getSession(new Request(WEB_URL));
  session.set('apiKey', data.api_key);
  session.set('apiKeyExpiresAt', data.expires_at);
  session.set('user', toSessionUser(data.user));
  const cookie = await commitSession(session);
  const [pair] = cookie.split(';');
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), apiKey: data.api_key };
}

/** Signs `user` in for every page of `context` (the real session cookie, encrypted) on `origin`
 *  (default the web server's WEB_URL); the channel session's api key, to read what the fan's
 *  data holds. */
export async function signIn(context: BrowserContext, user: Pick<TestUser, 'email' | 'password'>, origin = WEB_URL): Promise<{ apiKey: string }> {
  const { name, value, apiKey } = await sessionCookieFor(user);
  await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  return { apiKey };
}

/** A fan created by the operator command (`npm run user:create`) with a temporary password; one
 *  per project, so the two projects never share one. */
export function temporaryUser(project: string): TestUser {
  const users = JSON.parse(fs.readFileSync(TEMPORARY_USERS_FILE, 'utf8')) as Record<string, TestUser>;
  const user = users[project];
  if (!user) throw new Error(`no temporary user for project ${project} in ${TEMPORARY_USERS_FILE}`);
  return user;
}
