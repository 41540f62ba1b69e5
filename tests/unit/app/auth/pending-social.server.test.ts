import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { PENDING_SOCIAL_TTL_MS, pendingSocialOf, putPendingSocial, readPendingSocial, setPendingSocial } from '~/auth/pending-social.server';
import { requestContext } from '~/http/request-context.server';
import { getSession, getToast } from '~/http/session-cookie.server';

/* The social sign-in that waits on /registration for the terms: in the encrypted session, gone after
   its time, and written together with whatever else the channel changed in the same response. */

const pending = {
  provider: 'google' as const,
  credential: { id_token: 'header.payload-with-the-fans-details.signature' },
  email: 'fan@example.test',
  redirectTo: '/faq',
};

/** A loader's or action's arguments for a request, and the cookies the server sends after it. */
function routeArgs(request: Request) {
  const args = { request, context: {} as AppLoadContext };
  const setCookies = async () => (await requestContext(args).session.commitTo(new Response())).headers.getSetCookie();
  return { args, setCookies };
}

const requestWith = (setCookies: string[]) =>
  new Request('http://localhost/registration', { headers: { Cookie: setCookies.map((c) => c.split(';')[0]).join('; ') } });

describe('pending social sign-in', () => {
  it('is read back until it expires', async () => {
    const session = await getSession(new Request('http://localhost/'));
    const now = Date.now();
    putPendingSocial(session, pending, now);
    expect(pendingSocialOf(session, now + 1000)).toEqual(pending);
    expect(pendingSocialOf(session, now + PENDING_SOCIAL_TTL_MS)).toBeNull();
    putPendingSocial(session, null);
    expect(pendingSocialOf(session, now)).toBeNull();
  });

  it('ignores a value that is not a pending sign-in', async () => {
    const session = await getSession(new Request('http://localhost/'));
    for (const value of ['not.a.pending-value', { ...pending, provider: 'myspace', expiresAt: Date.now() + 1000 }, { ...pending }]) {
      session.set('pendingSocial', value);
      expect(pendingSocialOf(session)).toBeNull();
    }
  });

  it('travels in the session cookie of the response, next to what the channel changed', async () => {
    const { args, setCookies } = routeArgs(new Request('http://localhost/auth/google/callback'));
    await requestContext(args).session.toast({ text: 'Almost there', type: 'info' });
    await setPendingSocial(args, pending);
    const cookies = await setCookies();
    expect(cookies.filter((c) => c.startsWith('__session='))).toHaveLength(1);
    // The ID token holds the fan's details: the cookie is encrypted.
    expect(cookies.join('\n')).not.toContain('payload-with-the-fans-details');

    const next = requestWith(cookies);
    expect(await readPendingSocial(routeArgs(next).args)).toEqual(pending);
    expect(getToast(await getSession(next))).toEqual({ text: 'Almost there', type: 'info' });
  });

  it('is cleared with null', async () => {
    const first = routeArgs(new Request('http://localhost/auth/google/callback'));
    await setPendingSocial(first.args, pending);
    const withPending = routeArgs(requestWith(await first.setCookies()));
    expect(await readPendingSocial(withPending.args)).toEqual(pending);
    await setPendingSocial(withPending.args, null);
    const cleared = routeArgs(requestWith(await withPending.setCookies()));
    expect(await readPendingSocial(cleared.args)).toBeNull();
  });
});
