import { createCookie } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberMailedAddress } from '~/auth/mailed-address.server';
import { commitSession, getSession, sessionUser, toSessionUser } from '~/http/session-cookie.server';

/* The session cookie carries no readable personal data (issue 21): the whole value is encrypted,
   a tampered or old-format cookie reads as no session, and older SESSION_SECRETs still open it. */

const fan = { id: 7, email: 'casey.lindqvist@example.test', first_name: 'Casey', last_name: 'Lindqvist', temporary_password: false, role: 'fan' as const };
const API_KEY = 'k'.repeat(40);
const SECRETS = [fan.email, fan.first_name, fan.last_name, API_KEY];

/** A signed-in fan's session cookie, as `name=value`. */
async function signedInCookie(): Promise<string> {
  const session = await getSession(new Request('http://fieldhouse.test/'));
  session.set('user', toSessionUser(fan));
  session.set('apiKey', API_KEY);
  session.set('apiKeyExpiresAt', '2026-12-01T00:00:00.000Z');
  return (await commitSession(session)).split(';')[0];
}

const read = (cookie: string) => getSession(new Request('http://fieldhouse.test/', { headers: { Cookie: cookie } }));

/** `text` as it shows inside any base64 or base64url string, whatever its offset there. */
function base64Forms(text: string): string[] {
  const forms: string[] = [];
  for (const pad of [0, 1, 2]) {
    const encoded = Buffer.from('x'.repeat(pad) + text).toString('base64');
    // Only the characters made of text's bits alone.
    const core = encoded.slice(Math.ceil((pad * 8) / 6), Math.floor(((pad + text.length) * 8) / 6));
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms.filter((form) => form.length >= 4);
}

describe('the session cookie', () => {
  it('names neither the fan nor the api key, in clear or in base64', async () => {
    const cookie = await signedInCookie();
    const value = cookie.slice(cookie.indexOf('=') + 1);
    const decoded = [value, decodeURIComponent(value), Buffer.from(value, 'base64url').toString('latin1'), Buffer.from(value, 'base64').toString('latin1')];
    for (const secret of SECRETS) {
      for (const text of decoded) expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      for (const form of base64Forms(secret)) expect(value).not.toContain(form);
    }
    // And it still works: the same fan is read back.
    const session = await read(cookie);
    expect(sessionUser(session)).toEqual(fan);
    expect(session.get('apiKey')).toBe(API_KEY);
  });

  it('reads as no session when tampered with', async () => {
    const cookie = await signedInCookie();
    const eq = cookie.indexOf('=') + 1;
    const at = eq + Math.floor((cookie.length - eq) / 2);
    const flipped = `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`;
    for (const tampered of [flipped, cookie.slice(0, -4), `${cookie}AAAA`, `${cookie.slice(0, eq)}not-ours`, `${cookie.slice(0, eq)}`, `${cookie}%00`]) {
      const session = await read(tampered);
      expect(session.data, tampered).toEqual({});
    }
  });

  it('reads an old-format (signed, not encrypted) cookie as no session', async () => {
    const old = createCookie('__session', { secrets: [process.env.SESSION_SECRET ?? 'fieldhouse-dev-secret-change-me'], path: '/' });
    const oldCookie = (await old.serialize({ sid: 'abc', user: fan, apiKey: API_KEY })).split(';')[0];
    expect(Buffer.from(oldCookie.split('=')[1].split('.')[0], 'base64').toString()).toContain(fan.email);
    expect((await read(oldCookie)).data).toEqual({});
  });

  it("another cookie's value does not open as the session", async () => {
    const mailed = (await rememberMailedAddress('/verify-notice', fan.email)).split(';')[0];
    expect(mailed).not.toContain(fan.email);
    for (const form of base64Forms(fan.email)) expect(mailed).not.toContain(form);
    const swapped = `__session=${mailed.slice(mailed.indexOf('=') + 1)}`;
    expect((await read(swapped)).data).toEqual({});
  });
});

describe('SESSION_SECRET rotation', () => {
  const saved = process.env.SESSION_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = saved;
    vi.resetModules();
  });

  /** The session module as a process with these secrets loads it. */
  async function withSecrets(secrets: string) {
    process.env.SESSION_SECRET = secrets;
    vi.resetModules();
    return import('~/http/session-cookie.server');
  }

  it('opens cookies made with an older secret, and not those of a secret that was dropped', async () => {
    const before = await withSecrets('old-secret');
    const session = await before.getSession(new Request('http://fieldhouse.test/'));
    session.set('user', toSessionUser(fan));
    const cookie = (await before.commitSession(session)).split(';')[0];
    const request = new Request('http://fieldhouse.test/', { headers: { Cookie: cookie } });

    const rotated = await withSecrets('new-secret,old-secret');
    expect(rotated.sessionUser(await rotated.getSession(request))).toEqual(fan);

    const dropped = await withSecrets('new-secret');
    expect((await dropped.getSession(request)).data).toEqual({});
  });
});
