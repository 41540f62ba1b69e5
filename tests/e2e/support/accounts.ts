/* Accounts for e2e specs, made through the real channel API: register, read the mailed link,
   verify. `signIn` is the CONVENTIONS login fixture: it logs in over the channel API and sets the
   same encrypted session cookie the web server would (the login UI has its own tests). On the e2e
   site by default, or on a second site (site.ts, second-site.ts: it shares the session secret). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { newApiKey } from './channel.ts';
import { E2E_SITE, type Site } from './site.ts';
import { WEB_URL } from './urls.ts';
import { tokenFrom, waitForMail, type Mail, type MailQuery } from '../../support/outbox.ts';
import { uniqueEmail } from '../../support/registration.ts';

/** Where the e2e channel API writes mail (playwright.config.ts DATA_DIR + /outbox). */
export const OUTBOX = E2E_SITE.outbox;
/** The web server's SESSION_SECRET in playwright.config.ts (and a second site's). */
export const E2E_SESSION_SECRET = 'e2e-session-secret';
/** Written by the setup project (temporary-users.setup.ts). */
export const TEMPORARY_USERS_FILE = path.resolve('.cache/e2e-data/temporary-users.json');
/** The channel's operator, named by the setup's import (with the password the setup chose). */
export const OPERATOR_FILE = path.resolve('.cache/e2e-data/operator.json');
export const OPERATOR_EMAIL = 'operator@lakeshore-e2e.example';

/** The e2e channel's operator (who reads /operator/report). */
export function operatorUser(): TestUser {
  return JSON.parse(fs.readFileSync(OPERATOR_FILE, 'utf8')) as TestUser;
}

export interface TestUser {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

async function post<T>(pathname: string, body: Record<string, unknown>, site: Site): Promise<T> {
  const res = await fetch(`${site.channelApiUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // A visitor's key unless the call is a signed-in fan's (their own key in the body).
    body: JSON.stringify({ ...body, api_key: body.api_key ?? (await newApiKey(site)) }),
  });
  if (!res.ok) throw new Error(`POST ${pathname} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function latestMail(q: MailQuery): Promise<Mail> {
  return waitForMail(OUTBOX, q);
}

/** A registered fan who has not opened the verification mail yet. */
export async function createUnverifiedUser(overrides: Partial<TestUser> = {}, site: Site = E2E_SITE): Promise<TestUser> {
  const user: TestUser = {
    email: overrides.email ?? uniqueEmail('fan'),
    password: overrides.password ?? `Pw-${crypto.randomBytes(6).toString('hex')}`,
    first_name: overrides.first_name ?? 'Jordan',
    last_name: overrides.last_name ?? 'Rivers',
  };
  await post('/v2/auth/register', { ...user, password_confirmation: user.password, terms: true }, site);
  return user;
}

/** A registered, verified fan (not signed in anywhere). */
export async function createVerifiedUser(overrides: Partial<TestUser> = {}, site: Site = E2E_SITE): Promise<TestUser> {
  const since = Date.now();
  const user = await createUnverifiedUser(overrides, site);
  const mail = await waitForMail(site.outbox, { to: user.email, after: since });
  await post('/auth/email-verify', { token: tokenFrom(mail, '/verify-email') }, site);
  return user;
}

/** The encrypted session cookie of `user`, signed in over the channel API, as the web
 *  server would set it; and the api key it holds (the fan's session at the channel). */
export async function sessionCookieFor(
  user: Pick<TestUser, 'email' | 'password'>,
  site: Site = E2E_SITE,
): Promise<{ name: string; value: string; apiKey: string }> {
  const { data } = await post<{
    data: { api_key: string; expires_at: string; user: { id: number; email: string; first_name: string; last_name: string; temporary_password: boolean } };
  }>('/v2/auth/login', { email: user.email, password: user.password }, site);
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

/** Signs `user` in for every page of `context` (the real session cookie, encrypted): on the e2e
 *  site at its WEB_URL by default or at another `origin` of it (a string), or on another `site`;
 *  the channel session's api key, to read what the fan's data holds. */
export async function signIn(
  context: BrowserContext,
  user: Pick<TestUser, 'email' | 'password'>,
  where: string | Site = E2E_SITE,
): Promise<{ apiKey: string }> {
  const site = typeof where === 'string' ? E2E_SITE : where;
  const { name, value, apiKey } = await sessionCookieFor(user, site);
  await context.addCookies([{ name, value, url: typeof where === 'string' ? where : site.url, httpOnly: true, sameSite: 'Lax' }]);
  return { apiKey };
}

/** An operator a channel description names (`operators`, ADR 052), as an operator starts: signed
 *  in with the temporary password the import printed (`importOutput`), then a password of their own
 *  chosen, which is returned. On the e2e site by default, or on a second site. */
export async function operatorFromImport(importOutput: string, email: string, site: Site = E2E_SITE): Promise<TestUser> {
  const temporary = new RegExp(`operator ${email.replaceAll('.', '\\.')}: temporary password \\(shown only now\\) (\\S+)`).exec(importOutput)?.[1];
  if (!temporary) throw new Error(`the import printed no temporary password for ${email}:\n${importOutput}`);
  const { data } = await post<{ data: { api_key: string; user: { role: string } } }>('/v2/auth/login', { email, password: temporary }, site);
  if (data.user.role !== 'operator') throw new Error(`${email} signed in as a ${data.user.role}, not as an operator`);
  const operator: TestUser = { email, password: `Operator-${crypto.randomUUID()}`, first_name: '', last_name: '' };
  await post('/profile', { _method: 'patch', password: operator.password, password_confirmation: operator.password, api_key: data.api_key }, site);
  return operator;
}

/** A fan created by the operator command (`npm run user:create`) with a temporary password; one
 *  per project, so the two projects never share one. */
export function temporaryUser(project: string): TestUser {
  const users = JSON.parse(fs.readFileSync(TEMPORARY_USERS_FILE, 'utf8')) as Record<string, TestUser>;
  const user = users[project];
  if (!user) throw new Error(`no temporary user for project ${project} in ${TEMPORARY_USERS_FILE}`);
  return user;
}
