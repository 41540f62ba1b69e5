import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { api, SERVER_MSG } from '#contract';
import { mintIdToken } from '../../support/oidc-provider.ts';
import { uniqueEmail } from '../../support/registration.ts';
import { userRow } from '../support/accounts.ts';
import { onPostgres, startApiWithGoogle } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* Social sign-in with ID tokens from a real OpenID Connect provider on loopback (oidc-provider),
 * obtained by the code flow with PKCE through its sign-in and consent pages. */

const oidcClient = {
  client_id: 'fieldhouse-web',
  client_secret: 'a-test-client-secret-of-some-length',
  redirect_uris: ['http://127.0.0.1:3300/auth/google/callback'],
};
const { provider, server, http, acc } = forThisFile(() => startApiWithGoogle(oidcClient));

const tokenFor = (login: string) => mintIdToken({ issuer: provider.issuer, client: oidcClient, login });
const social = async (body: Record<string, unknown>, key?: string) => acc.post('/v2/auth/social/google', { ...body, api_key: key ?? (await http.apiKey()) });

describe(`social sign-in (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('an unknown address needs the terms; with them the account is made (verified, no password) and linked', async () => {
    const email = uniqueEmail('google');
    const idToken = await tokenFor(email);
    const refused = await social({ id_token: idToken });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ code: 'not_registered', message: SERVER_MSG.notRegistered, errors: { terms: [SERVER_MSG.notRegistered] } });
    expect(await userRow(server.db, email)).toBeUndefined();

    const res = await social({ id_token: idToken, terms: true, news_opt_in: true });
    expect(res.status, res.text).toBe(200);
    const session = api.social.response.parse(res.json).data;
    expect(session.user).toMatchObject({ email, email_verified: true, has_password: false, news_opt_in: true });
    expect((await acc.get('/profile', { api_key: session.api_key })).json.data.email).toBe(email);

    // Next time the linked identity signs in without the terms.
    const again = await social({ id_token: await tokenFor(email) });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data.user.id).toBe(session.user.id);
  });

  it('signs in an existing fan with the same address and links the identity', async () => {
    const fan = await acc.signUp();
    const res = await social({ id_token: await tokenFor(fan.email) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.user).toMatchObject({ id: fan.user.id, has_password: true });
  });

  it('refuses a token for another audience, an expired one, an altered one and one signed by someone else', async () => {
    const email = uniqueEmail('forged');
    const good = await tokenFor(email);
    const [head, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = [head, Buffer.from(JSON.stringify({ ...claims, email: 'someone-else@example.test' })).toString('base64url'), signature].join('.');
    const now = Math.floor(Date.now() / 1000);
    const otherAudience = await provider.sign({ sub: 'x1', email, email_verified: true, aud: 'another-client' });
    const expired = await provider.sign({ sub: 'x1', email, email_verified: true, aud: oidcClient.client_id }, { issuedAt: now - 7200, expiresAt: now - 3600 });
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ sub: 'x1', email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(provider.issuer)
      .setAudience(oidcClient.client_id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    for (const idToken of [otherAudience, expired, altered, foreign, 'not.a.jwt']) {
      const res = await social({ id_token: idToken, terms: true });
      expect(res.status, res.text).toBe(400);
      expect(res.json).toEqual({ code: 'wrong_credentials', message: SERVER_MSG.wrongAuth, errors: { id_token: ['The sign-in token is not valid.'] } });
    }
    expect(await userRow(server.db, email)).toBeUndefined();
    // The provider's own key with the right audience is accepted: the refusals above are for the reasons named.
    const fine = await provider.sign({ sub: 'x2', email, email_verified: true, aud: oidcClient.client_id });
    expect((await social({ id_token: fine, terms: true })).status).toBe(200);
  });

  it('answers 400 for a provider that is not configured, bad input, and refuses a signed-in caller', async () => {
    const facebook = await acc.post('/v2/auth/social/facebook', { access_token: 'x', api_key: await http.apiKey() });
    expect(facebook.status).toBe(400);
    expect(facebook.json).toEqual({
      code: 'invalid_params',
      message: 'Sign-in with Facebook is not configured on this channel.',
      errors: { provider: ['Sign-in with Facebook is not configured on this channel.'] },
    });
    const unknown = await acc.post('/v2/auth/social/myspace', { id_token: 'x', api_key: await http.apiKey() });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.json.errors)).toContain('provider');
    const empty = await social({ id_token: '' });
    expect(Object.keys(empty.json.errors)).toContain('id_token');

    const fan = await acc.signUp();
    const res = await social({ id_token: await tokenFor(fan.email) }, fan.key);
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(SERVER_MSG.alreadyLoggedIn);
  });
});
