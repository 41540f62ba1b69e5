import { describe, expect, it } from 'vitest';
import { csrfToken, FORM_EXPIRED, readForm } from '~/security.server';
import { commitSession, getSession, renewSessionId } from '~/session.server';

/* The CSRF token belongs to one session: it validates with that session's cookie and no other,
   and a new session id (sign-in, sign-out) retires it. */

async function newSession() {
  const page = new Request('http://fieldhouse.test/login');
  const session = await getSession(page);
  const { token } = csrfToken(session, page);
  const cookie = (await commitSession(session, page)).split(';')[0];
  return { session, token, cookie };
}

const post = (cookie: string, token: string) =>
  new Request('http://fieldhouse.test/login', {
    method: 'POST',
    headers: { Host: 'fieldhouse.test', Origin: 'http://fieldhouse.test', Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: token, email: 'fan@example.test' }),
  });

async function refusal(request: Request): Promise<{ status: number; message: string } | null> {
  try {
    await readForm(request);
    return null;
  } catch (thrown) {
    const res = thrown as Response;
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  }
}

describe('CSRF token', () => {
  it("validates with its own session's cookie", async () => {
    const a = await newSession();
    expect(await refusal(post(a.cookie, a.token))).toBeNull();
  });

  it("is refused with another browser's session cookie, and without one", async () => {
    const a = await newSession();
    const b = await newSession();
    expect(a.token).not.toBe(b.token);
    expect(await refusal(post(b.cookie, a.token))).toEqual({ status: 403, message: FORM_EXPIRED });
    expect(await refusal(post('', a.token))).toEqual({ status: 403, message: FORM_EXPIRED });
    expect(await refusal(post(a.cookie, `${a.token}x`))).toEqual({ status: 403, message: FORM_EXPIRED });
  });

  it('is retired by a new session id (sign-in, sign-out)', async () => {
    const a = await newSession();
    renewSessionId(a.session);
    const renewed = (await commitSession(a.session, new Request('http://fieldhouse.test/'))).split(';')[0];
    expect(await refusal(post(renewed, a.token))).toEqual({ status: 403, message: FORM_EXPIRED });
  });

  it('is the same for every loader of one request (they share the request id server.ts sets)', async () => {
    const page = new Request('http://fieldhouse.test/login', { headers: { 'x-fieldhouse-request-id': 'AAAAAAAAAAAAAAAAAAAAAA' } });
    const one = csrfToken(await getSession(page), page);
    const two = csrfToken(await getSession(page), page);
    expect(one.isNew && two.isNew).toBe(true);
    expect(one.token).toBe(two.token);
  });
});
