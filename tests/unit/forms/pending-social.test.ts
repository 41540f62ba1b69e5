import { describe, expect, it } from 'vitest';
import { channelFor } from '~/channel/client.server';
import { PENDING_SOCIAL_TTL_MS, pendingSocialOf, putPendingSocial, readPendingSocial, setPendingSocial } from '~/pending-social.server';
import { getSession, getToast } from '~/session.server';

/* The social sign-in that waits on /registration for the terms: sealed in the session, gone after
   its time, and written together with whatever else the channel changed in the same response. */

const pending = { provider: 'google' as const, id_token: 'header.payload-with-the-fans-details.signature', email: 'fan@example.test', redirectTo: '/faq' };

const requestWith = (setCookies: string[]) =>
  new Request('http://localhost/registration', { headers: { Cookie: setCookies.map((c) => c.split(';')[0]).join('; ') } });

describe('pending social sign-in', () => {
  it('is kept sealed and read back until it expires', async () => {
    const session = await getSession(new Request('http://localhost/'));
    const now = Date.now();
    putPendingSocial(session, pending, now);
    expect(session.get('pendingSocial')).not.toContain('payload-with-the-fans-details');
    expect(pendingSocialOf(session, now + 1000)).toEqual(pending);
    expect(pendingSocialOf(session, now + PENDING_SOCIAL_TTL_MS)).toBeNull();
    putPendingSocial(session, null);
    expect(pendingSocialOf(session, now)).toBeNull();
  });

  it('ignores a value that is not a sealed pending sign-in', async () => {
    const session = await getSession(new Request('http://localhost/'));
    session.set('pendingSocial', 'not.a.sealed-value');
    expect(pendingSocialOf(session)).toBeNull();
  });

  it('travels in the session cookie of the response, next to what the channel changed', async () => {
    const request = new Request('http://localhost/auth/google/callback');
    const channel = await channelFor(request);
    await channel.toast({ text: 'Almost there', type: 'info' });
    const headers = await setPendingSocial(channel, pending);
    const cookies = headers.getSetCookie();
    expect(cookies.filter((c) => c.startsWith('__session='))).toHaveLength(1);

    const next = requestWith(cookies);
    expect(await readPendingSocial(next)).toEqual(pending);
    expect(getToast(await getSession(next))).toEqual({ text: 'Almost there', type: 'info' });
  });

  it('is cleared with null', async () => {
    const first = new Request('http://localhost/auth/google/callback');
    const withPending = requestWith((await setPendingSocial(await channelFor(first), pending)).getSetCookie());
    expect(await readPendingSocial(withPending)).toEqual(pending);
    const cleared = requestWith((await setPendingSocial(await channelFor(withPending), null)).getSetCookie());
    expect(await readPendingSocial(cleared)).toBeNull();
  });
});
