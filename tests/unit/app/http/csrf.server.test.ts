import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { csrfToken } from '~/http/csrf.server';
import { requestContext } from '~/http/request-context.server';
import { FORM_EXPIRED, readForm } from '~/http/security.server';
import { commitSession, getSession, renewSessionId } from '~/http/session-cookie.server';

/* The CSRF token belongs to one session: it validates with that session's cookie and no other,
   and a new session id (sign-in, sign-out) retires it. */

async function newSession() {
  const page = new Request('http://fieldhouse.test/login');
  const session = await getSession(page);
  const { token } = csrfToken(session);
  const cookie = (await commitSession(session)).split(';')[0];
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
    await readForm({ request, context: {} as AppLoadContext });
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
    const renewed = (await commitSession(a.session)).split(';')[0];
    expect(await refusal(post(renewed, a.token))).toEqual({ status: 403, message: FORM_EXPIRED });
  });

  it('is the same for every loader of one request (they share the request session)', async () => {
    const request = new Request('http://fieldhouse.test/login');
    const context = {} as AppLoadContext;
    const one = await requestContext({ request, context }).session.csrfToken();
    const two = await requestContext({ request, context }).session.csrfToken();
    expect(one).toBe(two);
    // A new visitor's session got its id just now, so the server commits it with the page.
    const committed = await requestContext({ request, context }).session.commitTo(new Response());
    expect(committed.headers.get('Set-Cookie')).toMatch(/^__session=/);
  });
});
